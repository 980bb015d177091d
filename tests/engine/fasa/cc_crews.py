"""Officers for the tests' crewed ships: every rating a crew layout needs (Book Two, Command &
Control: Creating The Skill Ratings, seed line 1001: "roll the die 3 times, add the rolls
together, and then add the total to 45")."""

from __future__ import annotations

import random
from typing import Any

from engine.rulesets.fasa.values.officers import needs


def rolled_officers(crew: str, rng: random.Random) -> dict[str, dict[str, Any]]:
    """An officers table (station -> name and ratings) for crew layout `crew`, each rating three
    d10 and 45 from `rng`."""
    return {station: {"name": f"{station.title()} officer",
                      **{k: 45 + sum(rng.randint(1, 10) for _ in range(3)) for k in keys}}
            for station, keys in needs(crew).items()}


def crew_ships(scenario: dict[str, Any], rng: random.Random, share: float = 0.5) -> dict[str, Any]:
    """`scenario` with a player crew on some of its ships (the first always), their officers
    rolled for the ship's crew layout."""
    ships = []
    for n, entry in enumerate(scenario["ships"]):
        if n == 0 or rng.random() < share:
            crew = str(entry.get("crew", scenario.get("crew", "4")))
            entry = {**entry, "officers": rolled_officers(crew, rng)}
        ships.append(entry)
    return {**scenario, "ships": ships}
