"""The service's HTTP side: routers (a route parses, calls one function of shipping/ or
notifications/ and commits), middleware, error bodies, OpenAPI, request bodies."""
