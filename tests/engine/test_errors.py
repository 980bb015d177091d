"""Every engine error is one readable line, whatever text from outside it quotes."""

from __future__ import annotations

import pytest

from engine.errors import DataError, IllegalAction, LogError


@pytest.mark.parametrize("kind", [DataError, LogError, IllegalAction])
def test_control_characters_are_shown_escaped(kind: type[Exception]) -> None:
    message = str(kind("ships[1]: unknown field(s) \n\x1b[2J\r; known: col, row"))
    assert message == "ships[1]: unknown field(s) \\n\\x1b[2J\\r; known: col, row"
    assert message.isprintable()


def test_plain_messages_are_unchanged() -> None:
    text = "Engineering: 46 power allocated, only 40 available — «Kronos»"
    assert str(IllegalAction(text)) == text
