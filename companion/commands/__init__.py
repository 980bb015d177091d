"""The `starbridge` subcommands, one module each; `companion.cli` dispatches to them."""
