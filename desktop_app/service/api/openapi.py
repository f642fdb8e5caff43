"""OpenAPI document: request body schemas from the domain models, error responses everywhere."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

REF = "#/components/schemas/{model}"
ERROR_SCHEMA = {
    "type": "object",
    "required": ["errors"],
    "properties": {"errors": {"type": "array", "items": {"type": "string"}}},
}
# request models registered by routes through `json_body`
_BODY_MODELS: dict[str, type[BaseModel]] = {}


def json_body(model: type[BaseModel], *, required: bool = True) -> dict[str, Any]:
    """`openapi_extra` documenting a JSON body of `model` (handlers read and check it)."""
    _BODY_MODELS[model.__name__] = model
    return {
        "requestBody": {
            "required": required,
            "content": {"application/json": {"schema": {"$ref": REF.format(model=model.__name__)}}},
        }
    }


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """`responses=` entries for error codes, all with the `{"errors": [...]}` body."""
    return {
        code: {
            "description": "error",
            "content": {"application/json": {"schema": {"$ref": REF.format(model="Errors")}}},
        }
        for code in codes
    }


def install_openapi(app: FastAPI) -> None:
    """Replace `app.openapi` with one that adds the body models and the error schema."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title,
            version=app.version,
            routes=app.routes,
            description="Packdesk's local implementation of the Shipping Service API.",
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        if _BODY_MODELS:
            _, defs = models_json_schema(
                [(m, "validation") for m in _BODY_MODELS.values()], ref_template=REF
            )
            components.update(defs.get("$defs", {}))
        components["Errors"] = ERROR_SCHEMA
        schema["components"].setdefault("securitySchemes", {})["basicAuth"] = {
            "type": "http",
            "scheme": "basic",
        }
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
