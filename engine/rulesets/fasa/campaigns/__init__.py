"""Games that go on from one to the next: Campaign Advancement (the captains' and crews' points,
their rolls and the Victory Points), Rescues During Combat (a captain who abandons ship lives to
fight again) and the player crews of Command & Control from game to game.

- `campaign.py`: the numbers of Campaign Advancement; `campaign_play.py`: its rolls and notes
  in play.
- `rescues.py`: abandoning ship to a friendly ship 4 hexes away or less.
- `player_crews.py`: which ships the players crew, what their officers need, the Victory Points.
"""
