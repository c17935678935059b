"""The gettext catalogs of the claims' explanations and the audit report: complete, consistent with the code,
compiled, and shipped."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po
from conftest import ROOT
from partiar.notation.errors import UnknownLocaleError
from partiar.notation.rules import messages
from partiar.notation.rules.claims import Reason
from partiar.notation.rules.messages import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, translation
from partiar.notation.rules.verdicts import _REASONS

RULES = ROOT / "notation" / "rules"
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]

MessageKey = tuple[str | tuple[str, ...], str | None]  # (msgid or (singular, plural), msgctxt)


def used_in_code() -> dict[MessageKey, str]:
    """Every message the code of notation/rules marks for translation, with where it is."""
    used: dict[MessageKey, str] = {}
    for path in sorted(RULES.glob("*.py")):
        for lineno, message, _comments, context in extract_from_file("python", str(path)):
            key = (message if isinstance(message, str) else tuple(message), context)
            used.setdefault(key, f"{path.name}:{lineno}")
    return used


def catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as po:
        return read_po(po, locale=lang, domain=DOMAIN)


def _key(message: Message) -> MessageKey:
    msgid = message.id
    return (msgid if isinstance(msgid, str) else tuple(msgid), message.context)


def entries(found: Catalog) -> dict[MessageKey, Message]:
    return {_key(message): message for message in found if message.id}


def placeholders(text: str) -> list[tuple[str, str | None, str | None]]:
    """The replacement fields of a str.format template: name, conversion and format spec, sorted."""
    return sorted(
        (name, conversion, spec) for _, name, spec, conversion in Formatter().parse(text) if name is not None
    )


def test_the_code_marks_messages_for_translation() -> None:
    used = used_in_code()
    assert len(used) > 70
    assert (("once", "{n} times"), None) in used and ("threefold", "claim") in used


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_of_the_code_is_translated_and_no_other(lang: str) -> None:
    used, found = used_in_code(), entries(catalog(lang))
    missing = {where: key for key, where in used.items() if key not in found}
    assert not missing, f"not in the {lang} catalog: {missing}"
    unused = [key for key in found if key not in used]
    assert not unused, f"in the {lang} catalog but not in the code: {unused}"
    for key, message in found.items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{lang}: no translation for {key}"
        assert not message.fuzzy, f"{lang}: fuzzy translation of {key}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders_of_the_english(lang: str) -> None:
    for key, message in entries(catalog(lang)).items():
        if isinstance(message.id, tuple):
            singular, plural = message.id
            # Form 0 is the singular's (n == 1 in Slovak and Czech); the others are the plural's.
            expected = [singular] + [plural] * (len(message.string) - 1)
            pairs = list(zip(expected, message.string, strict=True))
        else:
            pairs = [(message.id, message.string)]
        for english, translated in pairs:
            assert placeholders(translated) == placeholders(english), (lang, key, translated)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_slovak_and_czech_ones(lang: str) -> None:
    found = catalog(lang)
    assert found.num_plurals == 3
    assert all(len(m.string) == 3 for m in found if isinstance(m.id, tuple))
    minutes = translation(lang).ngettext
    assert [minutes("{n} minute", "{n} minutes", n).format(n=n) for n in (1, 2, 4, 5, 0)] == {
        "sk": ["1 minútu", "2 minúty", "4 minúty", "5 minút", "0 minút"],
        "cs": ["1 minutu", "2 minuty", "4 minuty", "5 minut", "0 minut"],
    }[lang]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_committed_mo_files_are_compiled_from_the_po_files(lang: str) -> None:
    """After editing a .po file: `pybabel compile -d notation/rules/locale -D partiar`."""
    compiled = io.BytesIO()
    write_mo(compiled, catalog(lang))
    compiled.seek(0)
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as committed_file:
        committed = read_mo(committed_file)
    fresh = read_mo(compiled)

    def contents(found: Catalog) -> dict[MessageKey, object]:
        return {key: message.string for key, message in entries(found).items()}

    # Compared message by message: the bytes also hold the header Babel writes, which names its version.
    assert contents(committed) == contents(fresh)
    assert committed.plural_forms == fresh.plural_forms


def test_english_is_the_source_language_and_needs_no_catalog() -> None:
    english = translation("en")
    assert english.gettext("in the start position") == "in the start position"
    assert english.ngettext("{n} minute", "{n} minutes", 2) == "{n} minutes"
    assert not (LOCALE_DIR / "en").exists()
    assert translation("sk").gettext("in the start position") == "vo východiskovej pozícii"
    with pytest.raises(UnknownLocaleError, match="available: en, sk, cs"):
        translation("de")


def test_the_catalogs_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["partiar.notation"]
    shipped = {
        path.relative_to(ROOT / "notation")
        for pattern in patterns
        for path in (ROOT / "notation").glob(pattern)
    }
    catalogs = {Path("rules", "locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo") for lang in TRANSLATED}
    assert shipped == catalogs | {Path("prior.json"), Path("openings.tsv.gz"), Path("book.tsv.gz")}
    assert Path(messages.__file__).parent / "locale" == LOCALE_DIR


def test_every_reason_has_its_sentence() -> None:
    assert set(_REASONS) == set(Reason)


@pytest.mark.parametrize(
    ("n", "en", "sk", "cs"),
    [(1, "once", "raz", "jednou"), (2, "twice", "dvakrát", "dvakrát"), (3, "3 times", "3-krát", "3krát")],
)
def test_how_often_a_position_occurred(n: int, en: str, sk: str, cs: str) -> None:
    from partiar.notation.game import Game
    from partiar.notation.rules.messages import Messages

    assert [Messages(lang, Game()).times(n) for lang in ("en", "sk", "cs")] == [en, sk, cs]
