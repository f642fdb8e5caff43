"""The local Shipping Service (FastAPI over HTTPS), in floors that import downward only:
app/cli/commands -> api -> context -> shipping, notifications -> storage, labels -> db ->
errors, settings (tests/service/test_service_layers.py)."""
