"""Games: a deal and its moves (``game``, ``game_config``), the policies that
choose a move (``policies``, with the exact ``endgame``) and runs of many
games with their win rate (``runs``)."""
