"""The service's routers: one module per resource, each exposing `router` (an APIRouter).

`desktop_app.service.api.routers` lists the ones the app includes.
"""
