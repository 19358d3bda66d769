"""Discord's server-side message limits, checked the way Discord checks them.

discord.py validates almost nothing locally (content length, embed sizes and most
component rules are only enforced by Discord with a 400), so the fake has to.
Every check returns :class:`Problem` objects instead of raising so the server can
both record them as violations and build Discord's real error body from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER_TEXT = 2048
MAX_AUTHOR_NAME = 256
MAX_ACTION_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_AUTOCOMPLETE_CHOICES = 25
MAX_CHOICE_NAME = 100
MAX_COMMAND_DESCRIPTION = 100  # a command's or option's description, in every language
MAX_COMMAND_NAME = 32
# The locales Discord accepts in *_localizations (discord.Locale's values).
DISCORD_LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)
MAX_V2_COMPONENTS = 40  # every component of a components-v2 message, nested ones and accessories included
MAX_V2_TEXT = 4000  # the characters of all its Text Displays together
MAX_GALLERY_ITEMS = 10
MAX_MEDIA_DESCRIPTION = 1024
MAX_SECTION_TEXTS = 3
MAX_REQUEST_BYTES = 25 * 1024 * 1024
DEFAULT_ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Component types (https://discord.com/developers/docs/components/reference).
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
V2_TOP_LEVEL = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER})
IN_CONTAINER = frozenset({ACTION_ROW, TEXT_DISPLAY, SECTION, MEDIA_GALLERY, SEPARATOR, FILE})
V2_ONLY = frozenset({SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER})
ATTACHMENT_SCHEME = "attachment://"
BUTTON_STYLE_LINK = 5
BUTTON_STYLE_PREMIUM = 6

# Discord JSON error codes used by the fake.
INVALID_FORM_BODY = 50035
EMPTY_MESSAGE = 50006
REQUEST_TOO_LARGE = 40005
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
UNKNOWN_WEBHOOK = 10015
UNKNOWN_MESSAGE = 10008
UNKNOWN_CHANNEL = 10003
INVALID_WEBHOOK_TOKEN = 50027


@dataclass(frozen=True)
class Problem:
    """One rule broken by a request: HTTP status, Discord code, dotted field path, text."""

    status: int
    code: int
    path: str
    message: str
    error_type: str = "BASE_TYPE_INVALID"


def _form(path: str, message: str, error_type: str = "BASE_TYPE_INVALID") -> Problem:
    return Problem(400, INVALID_FORM_BODY, path, message, error_type)


def _too_long(path: str, limit: int) -> Problem:
    return _form(path, f"Must be {limit} or fewer in length.", "BASE_TYPE_MAX_LENGTH")


def error_body(problems: list[Problem]) -> dict[str, Any]:
    """Build Discord's error JSON, with the nested ``errors`` tree discord.py flattens."""
    first = problems[0]
    messages = {
        INVALID_FORM_BODY: "Invalid Form Body",
        EMPTY_MESSAGE: "Cannot send an empty message",
        REQUEST_TOO_LARGE: "Request entity too large",
    }
    body: dict[str, Any] = {"code": first.code, "message": messages.get(first.code, first.message)}
    if first.code != INVALID_FORM_BODY:
        return body
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for part in problem.path.split(".") if problem.path else ["_root"]:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": problem.error_type, "message": problem.message})
    body["errors"] = errors
    return body


def _text_len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def check_embeds(embeds: Any) -> list[Problem]:
    """Embed count, per-field lengths and the 6000-character total across all embeds."""
    if not embeds:
        return []
    if not isinstance(embeds, list):
        return [_form("embeds", "Must be an array.")]
    problems: list[Problem] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(_form("embeds", f"Must be {MAX_EMBEDS} or fewer in length.", "BASE_TYPE_MAX_LENGTH"))
    total = 0
    for i, embed in enumerate(embeds):
        p = f"embeds.{i}"
        title = _text_len(embed.get("title"))
        desc = _text_len(embed.get("description"))
        footer = _text_len((embed.get("footer") or {}).get("text"))
        author = _text_len((embed.get("author") or {}).get("name"))
        total += title + desc + footer + author
        if title > MAX_EMBED_TITLE:
            problems.append(_too_long(f"{p}.title", MAX_EMBED_TITLE))
        if desc > MAX_EMBED_DESCRIPTION:
            problems.append(_too_long(f"{p}.description", MAX_EMBED_DESCRIPTION))
        if footer > MAX_FOOTER_TEXT:
            problems.append(_too_long(f"{p}.footer.text", MAX_FOOTER_TEXT))
        if author > MAX_AUTHOR_NAME:
            problems.append(_too_long(f"{p}.author.name", MAX_AUTHOR_NAME))
        fields = embed.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            problems.append(_too_long(f"{p}.fields", MAX_EMBED_FIELDS))
        for j, field in enumerate(fields):
            name, value = field.get("name"), field.get("value")
            total += _text_len(name) + _text_len(value)
            if not name:
                problems.append(_form(f"{p}.fields.{j}.name", "This field is required", "BASE_TYPE_REQUIRED"))
            elif len(name) > MAX_FIELD_NAME:
                problems.append(_too_long(f"{p}.fields.{j}.name", MAX_FIELD_NAME))
            if not value:
                problems.append(_form(f"{p}.fields.{j}.value", "This field is required", "BASE_TYPE_REQUIRED"))
            elif len(value) > MAX_FIELD_VALUE:
                problems.append(_too_long(f"{p}.fields.{j}.value", MAX_FIELD_VALUE))
    if total > MAX_EMBED_TOTAL:
        problems.append(
            _form("embeds", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}", "MAX_EMBED_SIZE_EXCEEDED")
        )
    return problems


def _check_button(button: Mapping[str, Any], path: str, seen: set[str]) -> list[Problem]:
    problems: list[Problem] = []
    style = button.get("style")
    label = button.get("label")
    if label is not None and len(label) > MAX_BUTTON_LABEL:
        problems.append(_too_long(f"{path}.label", MAX_BUTTON_LABEL))
    if style == BUTTON_STYLE_LINK:
        if not button.get("url"):
            problems.append(_form(f"{path}.url", "This field is required", "BASE_TYPE_REQUIRED"))
        if button.get("custom_id"):
            problems.append(_form(f"{path}.custom_id", "Link buttons cannot have a custom_id"))
        return problems
    if style == BUTTON_STYLE_PREMIUM:
        return problems
    problems.extend(_check_custom_id(button.get("custom_id"), f"{path}.custom_id", seen))
    return problems


def _check_custom_id(custom_id: Any, path: str, seen: set[str]) -> list[Problem]:
    if not custom_id:
        return [_form(path, "This field is required", "BASE_TYPE_REQUIRED")]
    if len(custom_id) > MAX_CUSTOM_ID:
        return [_too_long(path, MAX_CUSTOM_ID)]
    if custom_id in seen:
        return [_form(path, "Component custom id cannot be duplicated", "COMPONENT_CUSTOM_ID_DUPLICATED")]
    seen.add(custom_id)
    return []


def _check_select(select: Mapping[str, Any], path: str, seen: set[str]) -> list[Problem]:
    problems = _check_custom_id(select.get("custom_id"), f"{path}.custom_id", seen)
    if _text_len(select.get("placeholder")) > MAX_PLACEHOLDER:
        problems.append(_too_long(f"{path}.placeholder", MAX_PLACEHOLDER))
    min_values = select.get("min_values", 1)
    max_values = select.get("max_values", 1)
    if select.get("type") == STRING_SELECT:
        options = select.get("options") or []
        if not options:
            problems.append(_form(f"{path}.options", "Must be 1 or more in length.", "BASE_TYPE_MIN_LENGTH"))
        if len(options) > MAX_SELECT_OPTIONS:
            problems.append(_too_long(f"{path}.options", MAX_SELECT_OPTIONS))
        values: set[str] = set()
        for k, option in enumerate(options):
            for key in ("label", "value", "description"):
                if _text_len(option.get(key)) > MAX_OPTION_TEXT:
                    problems.append(_too_long(f"{path}.options.{k}.{key}", MAX_OPTION_TEXT))
            if option.get("value") in values:
                problems.append(_form(f"{path}.options.{k}.value", "Select option values must be unique"))
            values.add(option.get("value"))
        if options and max_values > len(options):
            problems.append(_form(f"{path}.max_values", f"Must be less than or equal to {len(options)}."))
    if not 0 <= min_values <= MAX_SELECT_OPTIONS or not 1 <= max_values <= MAX_SELECT_OPTIONS:
        problems.append(_form(f"{path}.max_values", f"Must be between 0 and {MAX_SELECT_OPTIONS}."))
    elif min_values > max_values:
        problems.append(_form(f"{path}.min_values", "min_values must be <= max_values"))
    return problems


def _count_v2(components: Iterable[Mapping[str, Any]]) -> int:
    total = 0
    for component in components:
        total += 1
        total += _count_v2(component.get("components") or [])
        accessory = component.get("accessory")
        if accessory:
            total += 1
    return total


def media_of(components: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The unfurled media items (`{"url": ...}`) of a components-v2 tree: gallery items, thumbnails, files."""
    found: list[dict[str, Any]] = []
    for component in components:
        kind = component.get("type")
        if kind == MEDIA_GALLERY:
            found += [item["media"] for item in component.get("items") or [] if isinstance(item.get("media"), dict)]
        elif kind in (THUMBNAIL, FILE):
            media = component.get("media") if kind == THUMBNAIL else component.get("file")
            if isinstance(media, dict):
                found.append(media)
        found += media_of(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            found += media_of([component["accessory"]])
    return found


def text_of(components: Iterable[Mapping[str, Any]]) -> list[str]:
    """The contents of a components-v2 tree's Text Displays, in order."""
    out: list[str] = []
    for component in components:
        if component.get("type") == TEXT_DISPLAY and isinstance(component.get("content"), str):
            out.append(component["content"])
        out += text_of(component.get("components") or [])
    return out


def _check_row(row: Mapping[str, Any], path: str, seen: set[str]) -> list[Problem]:
    """An action row: 1-5 buttons or exactly one select (the same in legacy and components-v2 messages)."""
    children = row.get("components") or []
    if not children:
        return [_form(f"{path}.components", "Must be 1 or more in length.", "BASE_TYPE_MIN_LENGTH")]
    problems: list[Problem] = []
    selects = [c for c in children if c.get("type") in SELECT_TYPES]
    if selects and len(children) > 1:
        problems.append(_form(f"{path}.components", "A select menu must be alone in its action row"))
    if len(children) > MAX_BUTTONS_PER_ROW:
        problems.append(_too_long(f"{path}.components", MAX_BUTTONS_PER_ROW))
    for j, child in enumerate(children):
        child_path = f"{path}.components.{j}"
        if child.get("type") == BUTTON:
            problems.extend(_check_button(child, child_path, seen))
        elif child.get("type") in SELECT_TYPES:
            problems.extend(_check_select(child, child_path, seen))
        else:
            problems.append(_form(f"{child_path}.type", "Component type not allowed in an action row"))
    return problems


def _check_media(media: Any, path: str) -> list[Problem]:
    if not isinstance(media, dict) or not isinstance(media.get("url"), str) or not media["url"]:
        return [_form(f"{path}.url", "This field is required", "BASE_TYPE_REQUIRED")]
    return []


def _between(things: list[Any], most: int, path: str) -> list[Problem]:
    return [] if 1 <= len(things) <= most else [_form(path, f"Must be between 1 and {most} in length.")]


def _check_v2(component: Mapping[str, Any], path: str, seen: set[str], allowed: frozenset[int]) -> list[Problem]:
    """One component of a components-v2 message and what it holds (Discord's Component Reference)."""
    kind = component.get("type")
    if kind not in allowed:
        return [_form(f"{path}.type", f"Component type {kind} is not allowed here")]
    if kind == ACTION_ROW:
        return _check_row(component, path, seen)
    if kind == TEXT_DISPLAY:
        content = component.get("content")
        return [] if isinstance(content, str) and content else [_form(f"{path}.content", "This field is required")]
    if kind == MEDIA_GALLERY:
        items = component.get("items") or []
        problems = _between(items, MAX_GALLERY_ITEMS, f"{path}.items")
        for k, item in enumerate(items):
            problems += _check_media(item.get("media"), f"{path}.items.{k}.media")
            if _text_len(item.get("description")) > MAX_MEDIA_DESCRIPTION:
                problems.append(_too_long(f"{path}.items.{k}.description", MAX_MEDIA_DESCRIPTION))
        return problems
    if kind == FILE:
        media = component.get("file")
        url = media.get("url") if isinstance(media, dict) else None
        if not isinstance(url, str) or not url.startswith(ATTACHMENT_SCHEME):
            return [_form(f"{path}.file.url", "A file component only takes attachment:// references")]
        return []
    if kind == SECTION:
        texts = component.get("components") or []
        problems = _between(texts, MAX_SECTION_TEXTS, f"{path}.components")
        for k, text in enumerate(texts):
            problems += _check_v2(text, f"{path}.components.{k}", seen, frozenset({TEXT_DISPLAY}))
        accessory = component.get("accessory")
        if not isinstance(accessory, dict):
            problems.append(_form(f"{path}.accessory", "This field is required", "BASE_TYPE_REQUIRED"))
        elif accessory.get("type") == BUTTON:
            problems += _check_button(accessory, f"{path}.accessory", seen)
        elif accessory.get("type") == THUMBNAIL:
            problems += _check_media(accessory.get("media"), f"{path}.accessory.media")
        else:
            problems.append(_form(f"{path}.accessory.type", "A section's accessory is a button or a thumbnail"))
        return problems
    if kind == CONTAINER:
        children = component.get("components") or []
        if not children:
            return [_form(f"{path}.components", "Must be 1 or more in length.", "BASE_TYPE_MIN_LENGTH")]
        problems = []
        for k, child in enumerate(children):
            problems += _check_v2(child, f"{path}.components.{k}", seen, IN_CONTAINER)
        return problems
    return []  # a separator has nothing to check


def _check_components_v2(components: list[Mapping[str, Any]]) -> list[Problem]:
    seen: set[str] = set()
    problems: list[Problem] = []
    if _count_v2(components) > MAX_V2_COMPONENTS:
        problems.append(_form("components", f"Must be {MAX_V2_COMPONENTS} or fewer in length.", "BASE_TYPE_MAX_LENGTH"))
    if sum(len(t) for t in text_of(components)) > MAX_V2_TEXT:
        problems.append(_form("components", f"The text of all Text Displays must be {MAX_V2_TEXT} or fewer in length."))
    for i, component in enumerate(components):
        problems += _check_v2(component, f"components.{i}", seen, V2_TOP_LEVEL)
    return problems


def check_components(components: Any, flags: int) -> list[Problem]:
    """Legacy layout: ≤5 action rows of ≤5 buttons or exactly one select; components v2 (the IS_COMPONENTS_V2
    flag): Discord's Component Reference, at most 40 components and 4,000 characters of text. Unique ids in both."""
    if not components:
        return []
    if flags & FLAG_COMPONENTS_V2:
        return _check_components_v2(components)
    seen: set[str] = set()
    problems: list[Problem] = []
    if len(components) > MAX_ACTION_ROWS:
        problems.append(_too_long("components", MAX_ACTION_ROWS))
    for i, row in enumerate(components):
        path = f"components.{i}"
        if row.get("type") != ACTION_ROW:
            why = "needs the IS_COMPONENTS_V2 flag" if row.get("type") in V2_ONLY else "must be an action row"
            problems.append(_form(f"{path}.type", f"Top-level component: {why}"))
            continue
        problems.extend(_check_row(row, path, seen))
    return problems


def check_files(sizes: Iterable[int], limit: int) -> list[Problem]:
    """Per-file ``attachment_size_limit`` and the 25 MiB per-request cap (413 / 40005)."""
    sizes = list(sizes)
    if any(size > limit for size in sizes) or sum(sizes) > MAX_REQUEST_BYTES:
        return [Problem(413, REQUEST_TOO_LARGE, "files", f"Request entity too large (limit {limit} bytes per file)")]
    return []


def check_message(
    *,
    content: Any,
    embeds: Any,
    components: Any,
    attachment_count: int,
    flags: int,
    has_other_body: bool = False,
    attachment_names: Iterable[str] = (),
) -> list[Problem]:
    """Validate the message as it would exist after the request (create or edit). In a components-v2 message every
    `attachment://<filename>` must name one of the message's attachments."""
    problems: list[Problem] = []
    if content is not None and not isinstance(content, str):
        problems.append(_form("content", "Must be a string."))
        content = None
    if content and len(content) > MAX_CONTENT:
        problems.append(_too_long("content", MAX_CONTENT))
    if flags & FLAG_COMPONENTS_V2 and (content or embeds):
        problems.append(_form("content", "content and embeds cannot be used with IS_COMPONENTS_V2"))
    problems.extend(check_embeds(embeds))
    problems.extend(check_components(components, flags))
    if flags & FLAG_COMPONENTS_V2 and components:
        names = set(attachment_names)
        for media in media_of(components):
            url = str(media.get("url", ""))
            if url.startswith(ATTACHMENT_SCHEME) and url[len(ATTACHMENT_SCHEME) :] not in names:
                problems.append(_form("components", f"{url} is not an attachment of this message"))
    if problems:
        return problems
    if not content and not embeds and not components and not attachment_count and not has_other_body:
        return [Problem(400, EMPTY_MESSAGE, "", "Cannot send an empty message")]
    return []


def check_choices(choices: Any) -> list[Problem]:
    """Autocomplete result: ≤25 choices, names 1..100, string values ≤100."""
    if not isinstance(choices, list):
        return [_form("data.choices", "Must be an array.")]
    problems: list[Problem] = []
    if len(choices) > MAX_AUTOCOMPLETE_CHOICES:
        problems.append(_too_long("data.choices", MAX_AUTOCOMPLETE_CHOICES))
    for i, choice in enumerate(choices):
        name = choice.get("name")
        if not name or len(name) > MAX_CHOICE_NAME:
            problems.append(_form(f"data.choices.{i}.name", "Must be between 1 and 100 in length."))
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_NAME:
            problems.append(_too_long(f"data.choices.{i}.value", MAX_CHOICE_NAME))
    return problems


def check_commands(commands: Any) -> list[Problem]:
    """A bulk overwrite of application commands: names 1..32, descriptions 1..100 and choice names 1..100, in
    English and in each of their localisations (`name_localizations`, `description_localizations`), whose keys
    must be locales Discord knows."""
    if not isinstance(commands, list):
        return [_form("", "Must be an array.")]
    problems: list[Problem] = []
    for i, command in enumerate(commands):
        problems += _check_command(command, str(i), top=True)
    return problems


def _check_texts(thing: Mapping[str, Any], key: str, limit: int, path: str, *, required: bool) -> list[Problem]:
    problems: list[Problem] = []
    value = thing.get(key)
    if (required or value is not None) and not (isinstance(value, str) and 1 <= len(value) <= limit):
        problems.append(_form(f"{path}.{key}", f"Must be between 1 and {limit} in length."))
    for locale, text in (thing.get(f"{key}_localizations") or {}).items():
        if locale not in DISCORD_LOCALES:
            problems.append(_form(f"{path}.{key}_localizations.{locale}", "Invalid locale."))
        elif not (isinstance(text, str) and 1 <= len(text) <= limit):
            problems.append(_form(f"{path}.{key}_localizations.{locale}", f"Must be between 1 and {limit} in length."))
    return problems


def _check_command(command: Mapping[str, Any], path: str, *, top: bool = False) -> list[Problem]:
    problems = _check_texts(command, "name", MAX_COMMAND_NAME, path, required=True)
    chat_input = command.get("type", 1) in (1, None) or not top
    problems += _check_texts(command, "description", MAX_COMMAND_DESCRIPTION, path, required=chat_input)
    for j, choice in enumerate(command.get("choices") or []):
        problems += _check_texts(choice, "name", MAX_CHOICE_NAME, f"{path}.choices.{j}", required=True)
    for j, option in enumerate(command.get("options") or []):
        problems += _check_command(option, f"{path}.options.{j}")
    return problems
