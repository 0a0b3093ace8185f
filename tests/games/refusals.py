"""A refusal in every language: checks shared by the games' illegal-action tests."""

from __future__ import annotations

from scarab import i18n
from scarab.core.errors import IllegalAction


def worded(exc: IllegalAction) -> dict[str, str]:
    """The refusal in each language, checked: it carries a message id, its English is the
    engine's text, and Portuguese and Spanish fill every hole with translated words."""
    assert exc.msg, f"no message id: {exc}"
    out = {lang: i18n.text(lang, exc.msg, exc.params) for lang in i18n.LANGS}
    assert out["en"] == str(exc), (exc.msg, exc.params)
    for lang in ("pt", "es"):
        text = out[lang]
        assert not i18n.HOLE.search(text), f"{lang}: {text!r}"
        assert "refuse." not in text and "@" not in text, f"{lang}: {text!r}"
        assert text != out["en"], f"{lang} is English: {text!r}"
    return out
