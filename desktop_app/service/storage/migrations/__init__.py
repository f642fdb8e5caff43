"""Alembic revisions of the service's database schema (see storage/schema.py).

The service's database schema (Alembic):

The service's tables are the models of `desktop_app/service/storage/` (one module per resource,
listed in `storage/table_registry.py`, one `Base.metadata`); the database gets them through Alembic
revisions in `desktop_app/service/storage/migrations/versions`,
one line of them, the same for SQLite and PostgreSQL. `storage/schema.upgrade_database` runs the
missing revisions in one transaction whenever the service starts (also `packdesk serve
migrate`, `packdesk accounts`, `packdesk storage copy`). `0001_baseline` is the schema as
`create_all` made it before revisions (main at a658287): it creates only the tables a database
lacks, so a data dir of an older release is taken up without a step by hand (the log says
"database made before schema revisions"). A database whose revision the code does not know
was upgraded by a newer Packdesk: the service refuses it (exit status 3, a sentence naming
both revisions), since old code could misread what newer code wrote. The revision files are
read as files by Alembic: setup.py ships them in the wheel as a package, and
`packaging/frozen_modules.migration_scripts` puts them into the PyInstaller bundle.

Upkeep commands beside the service (`service/commands/`, registered in `service/cli.py`: `packdesk
serve
migrate|backup|restore|audit`): `service/storage/backup.py` writes one tar of the database
(SQLite's online backup API
in one read transaction, or `pg_dump`), `credentials.json` and the CA, and restores it into an
empty data dir and database only, counting every table's rows against the archive's list.
`service/storage/audit.py` keeps the audit log (its table and entries, revision
`0002_audit_log`): route
handlers add an entry (time, account, station key name and prefix, action, object id) to the
session of the change before they commit, so the log holds an action exactly when it
happened; `GET /v1/audit_log` lists a key's own account and environment only.

Adding a column or a table:

1. change the model in its `desktop_app/service/storage/<resource>.py` (a new module goes into
   `storage/table_registry.TABLE_MODULES`);
2. `.venv/bin/python tools/schema_revision.py "what changes"` writes
   `storage/migrations/versions/NNNN_what_changes.py` from the difference between the newest
   revision
   and the models (render_as_batch, so SQLite's table copy is done for you);
3. read it: a rename comes out as drop + add (write `op.alter_column`/`batch_op` by hand), a new
   NOT NULL column of a table with rows needs a `server_default` or a data step, and downgrade
   should undo upgrade; `ruff format` it;
4. `tests/service/storage/test_migrations.py` proves it: the revisions make exactly the models'
schema
   on SQLite and PostgreSQL (a model change without a revision fails there), there is one head
   (two branches that each added `NNNN` must be put in a line: renumber one on top of the
   other), and the previous release's databases (`tests/service/storage/legacy/`) upgrade with every
   row intact. When a release changes the schema, add its database there with
   `tests/service/storage/legacy/make_legacy_data.py` run from that release's checkout.
"""
