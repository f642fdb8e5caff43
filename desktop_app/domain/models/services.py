"""Additional services (spec 2.5): `name` plus a properties model typed per name."""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import Discriminator, Field, Tag, TypeAdapter, ValidationError

from desktop_app.domain.models.base import RequestModel, ResponseModel

#: The additional-service names Packdesk knows (dpd's "Predict" is `advance_notice`).
AdditionalServiceName = Literal[
    "advance_notice", "cash_on_delivery", "drop_authorization", "saturday_delivery"
]
ADDITIONAL_SERVICE_NAMES: tuple[str, ...] = get_args(AdditionalServiceName)


class AdvanceNoticeProperties(RequestModel):
    """Advance notice (and dpd Predict): `email` with `language`, or `sms`."""

    email: str | None = Field(default=None, description="Recipient e-mail to notify.")
    language: str | None = Field(default=None, description="ISO 639-1 language of the e-mail.")
    sms: str | None = Field(default=None, description="Phone number with country prefix (dpd).")


class CashOnDeliveryProperties(RequestModel):
    """Cash on delivery (dhl): amount to collect and the account it is paid into."""

    amount: float | None = Field(default=None, description="Amount the receiver pays.")
    currency: str | None = Field(default=None, description="ISO 4217 code, e.g. EUR.")
    bank_account_holder: str | None = None
    bank_name: str | None = None
    bank_account_number: str | None = Field(default=None, description="IBAN.")
    bank_code: str | None = Field(default=None, description="BIC/SWIFT.")
    reference1: str | None = Field(default=None, description="Reason for transfer text.")


class DropAuthorizationProperties(RequestModel):
    """Drop authorization (dpd): where the parcel may be left."""

    message: str | None = Field(default=None, description="Where the package may be left.")


class SaturdayDeliveryProperties(RequestModel):
    """Saturday delivery has no properties; only an empty object is accepted."""


class AdvanceNoticeService(RequestModel):
    """`advance_notice` with its properties."""

    name: Literal["advance_notice"] = "advance_notice"
    properties: AdvanceNoticeProperties | None = None


class CashOnDeliveryService(RequestModel):
    """`cash_on_delivery` with its properties."""

    name: Literal["cash_on_delivery"] = "cash_on_delivery"
    properties: CashOnDeliveryProperties | None = None


class DropAuthorizationService(RequestModel):
    """`drop_authorization` with its properties."""

    name: Literal["drop_authorization"] = "drop_authorization"
    properties: DropAuthorizationProperties | None = None


class SaturdayDeliveryService(RequestModel):
    """`saturday_delivery` (no properties)."""

    name: Literal["saturday_delivery"] = "saturday_delivery"
    properties: SaturdayDeliveryProperties | None = None


class _UnknownAdditionalService(RequestModel):
    """Catches a missing or unknown `name` so the error lands on `name` itself."""

    name: AdditionalServiceName
    properties: dict[str, Any] | None = None


def _service_tag(value: Any) -> str:
    name = value.get("name") if isinstance(value, dict) else getattr(value, "name", None)
    # Tags are written <...> so that errors.py can drop them from error paths.
    return f"<{name}>" if name in ADDITIONAL_SERVICE_NAMES else "<unknown>"


#: One entry of a request's `additional_services`, typed by its `name`.
AdditionalService = Annotated[
    Annotated[AdvanceNoticeService, Tag("<advance_notice>")]
    | Annotated[CashOnDeliveryService, Tag("<cash_on_delivery>")]
    | Annotated[DropAuthorizationService, Tag("<drop_authorization>")]
    | Annotated[SaturdayDeliveryService, Tag("<saturday_delivery>")]
    | Annotated[_UnknownAdditionalService, Tag("<unknown>")],
    Discriminator(_service_tag),
]

_ADDITIONAL_SERVICE_ADAPTER: TypeAdapter[Any] = TypeAdapter(AdditionalService)


class AdditionalServiceInfo(ResponseModel):
    """An additional service as returned: any name, properties kept as sent."""

    name: str | None = None
    properties: dict[str, Any] | None = None

    def typed(
        self,
    ) -> (
        AdvanceNoticeService
        | CashOnDeliveryService
        | DropAuthorizationService
        | SaturdayDeliveryService
        | None
    ):
        """The typed request model for a known name with valid properties, else None."""
        if self.name not in ADDITIONAL_SERVICE_NAMES:
            return None
        try:
            parsed = _ADDITIONAL_SERVICE_ADAPTER.validate_python(
                {"name": self.name, "properties": self.properties}
            )
        except ValidationError:
            return None
        if isinstance(parsed, _UnknownAdditionalService):
            return None
        return parsed
