"""Variants laid over FASA's rules, each a package that registers its `values.variants.Variant`
when imported: *Battlestations!* (seed 001). The ruleset imports this package once its core is
loaded, so a scenario may name any of them (`variant = "battlestations"`)."""

from engine.rulesets.fasa.variants import battlestations

__all__ = ["battlestations"]
