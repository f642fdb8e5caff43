"""The service's database: rows and queries by resource (the caller's own rows and the paged
newest-first listing in ownership.py), engine, schema revisions, backup and copy."""
