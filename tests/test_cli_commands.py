"""`pyverify` is assembled from each package's ``_commands.py``: no command lost or defined twice, and the
top-level commands listed in ``cli.ORDER`` (the order ``pyverify --help`` has always shown)."""

from __future__ import annotations

import typer
import typer.main

from pyverify import cli


def _name(info: typer.models.TyperInfo) -> str | None:
    return getattr(info.name, "value", info.name)  # typer's placeholder when add_typer had no name


def test_every_command_is_listed_once_in_order() -> None:
    group = typer.main.get_group(cli.app)
    merged = [typer.main.get_group(info.typer_instance) for info in cli.app.registered_groups if _name(info) is None]
    named = [_name(info) for info in cli.app.registered_groups if _name(info) is not None]
    defined = [name for sub in merged for name in sub.commands] + named
    assert len(defined) == len(set(defined)), "a command defined in two modules (one would hide the other)"
    assert not cli.app.registered_commands, "cli.py assembles; the commands live in the packages' _commands.py"
    with typer.Context(group) as ctx:
        assert group.list_commands(ctx) == list(cli.ORDER) == sorted(defined, key=cli.ORDER.index)


def test_answers_group_joins_its_two_modules() -> None:
    answers = typer.main.get_group(cli.app).commands["answers"]
    with typer.Context(answers) as ctx:
        assert answers.list_commands(ctx) == ["build", "sample"]  # type: ignore[attr-defined]
