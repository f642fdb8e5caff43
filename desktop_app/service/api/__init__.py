"""The service's HTTP side: routers, middleware, error bodies, OpenAPI, request bodies."""
