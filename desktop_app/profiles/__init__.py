"""Profiles (sandbox/live), their secrets, the Local sandbox launcher, the per-profile store.

Import from the submodules: `models` (Profile, Preferences), `manager` (ProfileManager,
Credentials), `secrets` (SecretStore family), `local_sandbox` (LocalSandbox), `store`
(ProfileStore). This package never imports `desktop_app.client`.
"""
