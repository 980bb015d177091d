"""What the advanced game's optional rules change at the basic game's hooks (Book Two, Advanced:
Optional Rules, seed 000 lines 429-529): Campaign Advancement's percentile advantage roll, its
crew roll and its Victory Points (`campaigns/campaign_play.py`), Rescues During Combat's
abandon ship (`campaigns/rescues.py`), and Team Communications' rolls opening each Power
Allocation Phase (`command/comms.py`). Each is switched on by the scenario's `[options]`
(`values/options.py`) and laid under the level's own hooks (`hooks.register_option`): at the
expert levels the ratings play the parts Campaign Advancement's points play below them (line
689), so there the level's answer stands."""

from __future__ import annotations

from engine.controls import Choice
from engine.events import Event
from engine.rulesets.fasa.campaigns import campaign_play, rescues
from engine.rulesets.fasa.command import comms
from engine.rulesets.fasa.hooks import Hooks, Located, OptionHooks
from engine.rulesets.fasa.levels import advanced_rules
from engine.rulesets.fasa.skills import skill_roll
from engine.rulesets.fasa.values.options import Options
from engine.rulesets.fasa.values.state import FasaState, Ship


class CampaignAdvancement(Hooks):
    """Campaign Advancement (lines 496-523), with `campaign = true`."""

    def opening_roll(self, state: FasaState) -> Located | None:
        if campaign_play.unrolled(state):  # the initial points, line 517
            return campaign_play.ask(state)
        return super().opening_roll(state)

    def opening_words(self, state: FasaState) -> str:
        if campaign_play.unrolled(state):
            return "Campaign Advancement: each ship rolls its initial points"
        return super().opening_words(state)

    def opening_notes(self, state: FasaState) -> list[Event]:
        return campaign_play.opening_notes(state)

    def skill_phase(self, state: FasaState) -> str:
        return f"Campaign Advancement: the crews' rolls of turn {state.turn}"  # line 506

    def start_skill_phase(self, state: FasaState) -> FasaState:
        return skill_roll.start(state)  # the crews' rolls, line 506

    def advantage_request(self, state: FasaState, ship: Ship) -> Located | None:
        return campaign_play.advantage_request(state, ship)  # line 504

    def advantage_added(self, state: FasaState, ship: Ship) -> int:
        return campaign_play.captain_points(state, ship)  # line 504

    def crew_roll_target(self, state: FasaState, ship: Ship) -> int:
        return campaign_play.crew_points(ship)  # line 506

    def victory_notes(self, state: FasaState, winner: str) -> list[Event]:
        return campaign_play.victory_notes(state, winner)  # line 521

    def opening_result(self, state: FasaState, value: int) -> Located | None:
        if campaign_play.unrolled(state):  # the initial points, line 517
            return campaign_play.on_roll(state, value)
        return super().opening_result(state, value)


class RescuesDuringCombat(Hooks):
    """Rescues During Combat (lines 525-529): the Captain's order may be to abandon ship. The
    hook is in every game with the advanced rules, so that an `abandon` where the option is off
    is refused in words that name it (`rescues.abandon_problem`)."""

    def captain_order(self, state: FasaState, ship: Ship, order: str,
                      who: str) -> Located | None:
        return rescues.abandon(state, ship, who) if order == rescues.ABANDON else None

    def more_orders(self, state: FasaState) -> str:
        return f" (or {rescues.ABANDON} ship)" if rescues.in_play(state) else ""

    def more_order_choices(self, state: FasaState, ship: Ship) -> tuple[Choice, ...]:
        if not rescues.in_play(state):
            return ()
        return (Choice(rescues.ABANDON, "ABANDON", rescues.abandon_problem(state, ship) or None,
                       irreversible=True),)

    def order_label(self, state: FasaState) -> str:
        return ("Self-destruct or abandon ship (no undo)" if rescues.in_play(state)
                else super().order_label(state))


class TeamCommunications(Hooks):
    """Team Communications (line 447), with `team_communications = true`: each Power Allocation
    Phase opens with the teams' communication rolls (`command/comms.py`)."""

    def team_rolls(self, state: FasaState) -> Located | None:
        return comms.start(state) if comms.due(state) else None


def _comms(level: str, options: Options) -> bool:
    return options.team_communications


def _campaign(level: str, options: Options) -> bool:
    return options.campaign


def _rescues(level: str, options: Options) -> bool:
    return advanced_rules(level)


OPTIONS = (OptionHooks("Advanced: Campaign Advancement", CampaignAdvancement, _campaign),
           OptionHooks("Advanced: Rescues During Combat", RescuesDuringCombat, _rescues),
           OptionHooks("Optional: Team Communications", TeamCommunications, _comms))
"""The optional rules' hooks, registered by `layers/__init__.py`."""
