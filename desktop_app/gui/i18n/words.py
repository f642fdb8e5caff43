"""Plain words for the catalog's codes, and numbers, money and dates in the user's locale.

A shop owner reads "DHL Paket", "Nachnahme" and "A6 PDF", never `standard`,
`cash_on_delivery` or `pdf_a6`; these names are the GUI's own (the catalog's display names are
English and for developers). Every number, price and date shown goes through the default
QLocale, which `install_translations` sets to the UI language.
"""

from __future__ import annotations

import re
import time
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, QDateTime, QLocale

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.labels import LABEL_FORMATS, MM_PER_INCH
from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate

if TYPE_CHECKING:
    from desktop_app.printing.queue import PrinterStatus, PrintJob


def carrier_name(code: str | None) -> str:
    """The carrier's brand as customers know it ("Deutsche Post" for `dpag`)."""
    spec = load_catalog().carriers.get(code or "")
    return spec.display_name if spec is not None else (code or "").upper()


def service_name(carrier: str | None, service: str | None) -> str:
    """A service by its customer-facing name ("DHL Paket", "Express")."""
    if not service:
        return ""
    names = {
        ("dhl", "standard"): translate("Words", "DHL Paket"),
        ("dhl", "returns"): translate("Words", "DHL Returns"),
        ("dhl", "dhl_europaket"): translate("Words", "DHL Europaket"),
        ("dhl", "dhl_prio"): translate("Words", "DHL Paket Prio"),
        ("dhl", "dhl_warenpost"): translate("Words", "DHL Warenpost"),
        ("dpd", "standard"): translate("Words", "DPD Classic"),
        ("dpd", "returns"): translate("Words", "DPD Returns"),
        ("dpd", "one_day"): translate("Words", "Express"),
        ("dpd", "one_day_early"): translate("Words", "Express early morning"),
        ("dpag", "standard"): translate("Words", "Standard"),
        ("dpag", "dpag_warenpost"): translate("Words", "Warenpost"),
        ("dpag", "dpag_warenpost_untracked"): translate("Words", "Warenpost (untracked)"),
        ("dpag", "dpag_warenpost_signature"): translate("Words", "Warenpost with signature"),
        ("ups", "standard"): translate("Words", "UPS Standard"),
        ("ups", "returns"): translate("Words", "UPS Returns"),
        ("ups", "one_day"): translate("Words", "UPS Express Saver"),
        ("ups", "one_day_early"): translate("Words", "UPS Express"),
        ("ups", "ups_expedited"): translate("Words", "UPS Expedited"),
        ("ups", "ups_express_1200"): translate("Words", "UPS Express 12:00"),
        ("hermes", "standard"): translate("Words", "Hermes Paket"),
        ("hermes", "returns"): translate("Words", "Hermes Returns"),
    }
    if (carrier or "", service) in names:
        return names[(carrier or "", service)]
    generic = {
        "standard": translate("Words", "Standard"),
        "returns": translate("Words", "Returns"),
        "one_day": translate("Words", "Express"),
        "one_day_early": translate("Words", "Express early morning"),
    }
    return generic.get(service, service.replace("_", " ").capitalize())


#: the default shipping presets' names (data in the profile, shown in the UI language)
DEFAULT_PRESET_NAMES = {
    "Germany, small box (up to 2 kg)": QT_TRANSLATE_NOOP(
        "Presets", "Germany, small box (up to 2 kg)"
    ),
    "Germany, medium box (up to 10 kg)": QT_TRANSLATE_NOOP(
        "Presets", "Germany, medium box (up to 10 kg)"
    ),
    "Germany, large box (up to 31.5 kg)": QT_TRANSLATE_NOOP(
        "Presets", "Germany, large box (up to 31.5 kg)"
    ),
    "Abroad (up to 31.5 kg)": QT_TRANSLATE_NOOP("Presets", "Abroad (up to 31.5 kg)"),
    "Heavy parcel (UPS, up to 70 kg)": QT_TRANSLATE_NOOP(
        "Presets", "Heavy parcel (UPS, up to 70 kg)"
    ),
}


def preset_name(name: str | None) -> str:
    """A shipping preset's name as shown: a default preset's in the UI language."""
    if not name:
        return ""
    known = DEFAULT_PRESET_NAMES.get(name)
    return translate("Presets", known) if known else name


def additional_service_name(name: str) -> str:
    """An additional service by its customer-facing name ("Nachnahme")."""
    names = {
        "advance_notice": translate("Words", "Advance notice"),
        "cash_on_delivery": translate("Words", "Cash on delivery"),
        "drop_authorization": translate("Words", "Drop authorization"),
        "saturday_delivery": translate("Words", "Saturday delivery"),
    }
    return names.get(name, name.replace("_", " ").capitalize())


def package_type_name(code: str) -> str:
    """A package type in plain words ("Päckchen" for `parcel_letter`)."""
    names = {
        "parcel": translate("Words", "Parcel"),
        "bulk": translate("Words", "Bulky parcel"),
        "parcel_letter": translate("Words", "Small parcel"),
        "books": translate("Words", "Books"),
        "letter": translate("Words", "Letter"),
    }
    return names.get(code, code.replace("_", " ").capitalize())


def label_format_name(name: str | None) -> str:
    """A label format as on the box of labels: "A6 PDF", "4x6 in label, ZPL, 203 dpi"."""
    fmt = LABEL_FORMATS.get(name or "")
    if fmt is None:
        return name or ""
    size = _paper_size(name or "", fmt.width_mm, fmt.height_mm)
    if fmt.kind == "pdf":
        return translate("Words", "{size} PDF").format(size=size)
    return translate("Words", "{size} label, ZPL, {dpi} dpi").format(size=size, dpi=fmt.dpi)


def _paper_size(name: str, width_mm: float, height_mm: float) -> str:
    for paper in ("a5", "a6", "a7"):
        if name.endswith(f"_{paper}"):
            return paper.upper()
    if "in_" in name:
        w, h = round(width_mm / MM_PER_INCH), round(height_mm / MM_PER_INCH)
        return translate("Words", "{0}x{1} in").format(w, h)
    return translate("Words", "{0} x {1} mm").format(number(width_mm), number(height_mm))


def stock_name(stock: str) -> str:
    """A label stock as the box says it: "4x6in" -> "4x6 in" ("4x6 Zoll"), "100x150mm" ->
    "100 x 150 mm"; anything else as it is."""
    inches = re.fullmatch(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)in", stock)
    if inches:
        return translate("Words", "{0}x{1} in").format(inches[1], inches[2])
    mm = re.fullmatch(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)mm", stock)
    if mm:
        return translate("Words", "{0} x {1} mm").format(number(float(mm[1])), number(float(mm[2])))
    return stock


def number(value: float | int, decimals: int | None = None) -> str:
    """A number with the locale's decimal separator ("1,5"); no trailing zeros by default."""
    locale = QLocale()
    locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
    if decimals is None:
        shortest = QLocale.FloatingPointPrecisionOption.FloatingPointShortest
        return locale.toString(float(value), "f", shortest)
    return locale.toString(float(value), "f", decimals)


_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF", "PLN": "zł", "DKK": "kr."}


def money(amount: float | int, currency: str = "EUR") -> str:
    """An amount with its currency as the locale writes it ("0,00 €", "€0.00")."""
    symbol = _SYMBOLS.get(currency.upper(), currency.upper())
    return QLocale().toCurrencyString(float(amount), symbol, 2)


#: the day a date's example shows ("e.g. 03.05.2024")
EXAMPLE_DAY = date(2024, 5, 3)


def _full_year(fmt: str) -> str:
    """A Qt date format with the year in four digits ("dd.MM.yy" -> "dd.MM.yyyy")."""
    return re.sub(r"(?<!y)yy(?!y)", "yyyy", fmt)


def date_format() -> str:
    """The locale's short date format with a four-digit year ("dd.MM.yyyy", "M/d/yyyy")."""
    return _full_year(QLocale().dateFormat(QLocale.FormatType.ShortFormat))


def date_time_format() -> str:
    """The locale's short date and time format with a four-digit year."""
    return _full_year(QLocale().dateTimeFormat(QLocale.FormatType.ShortFormat))


def date_time(value: str | datetime | None) -> str:
    """A moment in local time, in the locale's short format with the whole year
    ("24.11.2026 14:05", "11/24/2026 2:05 PM")."""
    moment = _moment(value)
    if moment is None:
        return value if isinstance(value, str) else ""
    return QLocale().toString(_qt(moment), date_time_format())


def time_of_day(value: str | datetime | None, seconds: bool = False) -> str:
    """The local time of a moment ("14:05"), with seconds when asked."""
    moment = _moment(value)
    if moment is None:
        return value if isinstance(value, str) else ""
    fmt = QLocale.FormatType.LongFormat if seconds else QLocale.FormatType.ShortFormat
    text = QLocale().toString(_qt(moment).time(), fmt)
    # the long format adds the time zone ("14:05:09 MEZ"): the desk needs only the clock
    return text.split(" ")[0] if seconds and " " in text else text


def date_only(value: str | datetime | date | None) -> str:
    """The local date of a moment (or a day) in the locale's short format with the whole
    year ("24.11.2026")."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return QLocale().toString(QDate(value.year, value.month, value.day), date_format())
    moment = _moment(value)
    if moment is None:
        return value if isinstance(value, str) else ""
    return QLocale().toString(_qt(moment).date(), date_format())


def typed_date(text: str) -> str:
    """A date typed as the locale writes it ("24.11.2026", "24.11.26") or as year-month-day,
    as year-month-day for the wire; anything else as typed (the rules say what is wrong)."""
    stripped = text.strip()
    try:
        return date.fromisoformat(stripped).isoformat()
    except ValueError:
        pass
    locale = QLocale()
    for fmt in (date_format(), locale.dateFormat(QLocale.FormatType.ShortFormat)):
        day = locale.toDate(stripped, fmt)
        if day.isValid():
            if "yyyy" not in fmt and day.year() < 1970:  # "26" is 2026, not 1926
                day = day.addYears(100)
            return f"{day.year():04d}-{day.month():02d}-{day.day():02d}"
    return text


def _moment(value: str | datetime | None) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return None
        # the service's times without an offset are UTC
        return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)
    return value if value.tzinfo is not None else value.astimezone()


def _qt(moment: datetime) -> QDateTime:
    return QDateTime.fromMSecsSinceEpoch(int(moment.timestamp() * 1000))


def job_state_text(job: PrintJob) -> str:
    """A print job's state for the desk ("Printed", "Waiting: <error> (retry in 5 s)")."""
    states = {
        "queued": translate("Words", "Queued"),
        "sending": translate("Words", "Printing…"),
        "done": translate("Words", "Printed"),
        "failed": translate("Words", "Failed"),
        "needs_attention": translate("Words", "Needs attention"),
        "waiting": translate("Words", "Waiting for the printer"),
        "canceled": translate("Words", "Canceled"),
    }
    state = states.get(job.state, job.state)
    if job.state == "waiting" and job.next_attempt_at is not None:
        wait = max(0, round(job.next_attempt_at - time.time()))
        # the transport's error is shown as the system gave it
        return translate("Words", "Waiting for the printer: {error} (retry in {seconds} s)").format(
            error=job.last_error or "", seconds=wait
        )
    if job.last_error and job.state in ("failed", "needs_attention"):
        return translate("Words", "{state}: {error}").format(state=state, error=job.last_error)
    return state


def printer_problem_text(problem: str) -> str:
    """A printer's problem (a `HostStatus.problems` key) and what to do, in the UI language."""
    texts = {
        "head_open": translate("Settings", "Print head open: close the print head"),
        "paper_out": translate("Settings", "Out of labels: load labels and press Feed"),
        "ribbon_out": translate("Settings", "Ribbon out: load a ribbon and press Feed"),
        "paused": translate("Settings", "Printer paused: press Pause on the printer to resume"),
        "buffer_full": translate(
            "Settings", "Printer buffer full: waiting for it to print what it has"
        ),
        "corrupt_ram": translate(
            "Settings", "Printer memory corrupt: switch the printer off and on"
        ),
        "too_cold": translate("Settings", "Print head too cold: wait for the printer to warm up"),
        "too_hot": translate("Settings", "Print head too hot: wait for the printer to cool down"),
    }
    return texts.get(problem, problem)


def printer_state_word(status: PrinterStatus) -> str:
    """A printer's state in a word or two ("ready", "needs attention"), its problem aside."""
    if status.problem:
        return translate("Words", "needs attention")
    return printer_status_text(status)


def printer_status_text(status: PrinterStatus) -> str:
    """What a printer's queue is doing, in the UI language (the error's text is `message`); the
    printer's own problem (paused, out of labels) when the health check saw one."""
    if status.problem:
        return printer_problem_text(status.problem)
    texts = {
        "idle": translate("Words", "ready"),
        "printing": translate("Words", "%n job(s) to print", None, status.pending),
        "waiting": translate("Words", "waiting for the printer"),
        "attention": translate("Words", "needs attention"),
    }
    return texts.get(status.state, status.message)
