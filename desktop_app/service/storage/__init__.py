"""The service's database: tables by resource with their queries, engine, schema revisions."""
