"""Frozen Forest's two-game match rule (RULES.md section 1), and its use for other games."""
import pytest

from frostfield.game.match import GameResult, Match, person_in_role, role_of_person

ROLES = ("Yuki", "Mina")
YUKI, MINA = 0, 1


def ff_match(first: GameResult, second: GameResult) -> Match:
    return Match("frozen-forest", ROLES, first, second, names=("Ann", "Bo"), score_name="trees eaten")


def test_roles_swap_in_the_second_game():
    assert [person_in_role(0, r) for r in (0, 1)] == [0, 1]
    assert [person_in_role(1, r) for r in (0, 1)] == [1, 0]
    assert all(person_in_role(g, role_of_person(g, p)) == p for g in (0, 1) for p in (0, 1))


def test_a_player_who_wins_both_games_wins_the_match():
    # Ann is Yuki in game 1 and wins; she is Mina in game 2 and wins again.
    m = ff_match(GameResult(YUKI, (12, 12)), GameResult(MINA, (30, 30)))
    assert m.winner == 0
    assert m.result.wins == (2, 0)
    assert "Ann won both games" in m.reason


def test_both_won_as_yuki_the_one_who_ate_fewer_trees_wins():
    # Game 1: Ann is Yuki and wins after 14 trees; game 2: Bo is Yuki and wins after 9.
    m = ff_match(GameResult(YUKI, (14, 14)), GameResult(YUKI, (9, 9)))
    assert m.winner == 1
    assert "fewer trees" in m.reason and "Bo" in m.reason and "9 against 14" in m.reason
    # And the other way round.
    assert ff_match(GameResult(YUKI, (8, 8)), GameResult(YUKI, (9, 9))).winner == 0


def test_both_won_as_mina_the_one_whose_yuki_ate_more_trees_wins():
    # Game 1: Ann is Yuki and is stranded after 20 trees; game 2: Bo is Yuki, stranded after 25. Each
    # person's own Yuki counts: Bo's ate more (a winning Mina strands Yuki sooner).
    m = ff_match(GameResult(MINA, (20, 20)), GameResult(MINA, (25, 25)))
    assert m.winner == 1
    assert m.reason == "Both won as Mina; Bo's Yuki ate more trees (25 against 20)."
    assert ff_match(GameResult(MINA, (26, 26)), GameResult(MINA, (25, 25))).winner == 0


@pytest.mark.parametrize("role", [YUKI, MINA])
def test_equal_counts_give_a_drawn_match(role):
    m = ff_match(GameResult(role, (17, 17)), GameResult(role, (17, 17)))
    assert m.winner is None
    assert m.result.wins == (1, 1)
    assert "drawn match" in m.reason


def test_table_lists_each_person_role_outcome_and_score():
    m = ff_match(GameResult(YUKI, (14, 14)), GameResult(YUKI, (9, 9)))
    assert m.table() == [
        ("Game 1", "Ann", "Yuki", "won", 14),
        ("Game 1", "Bo", "Mina", "lost", 14),
        ("Game 2", "Ann", "Mina", "lost", 9),
        ("Game 2", "Bo", "Yuki", "won", 9),
    ]


def test_other_games_one_win_each_goes_to_the_higher_total_score():
    # Icebreaker: game 1 Ann (Red) wins 28-27; game 2 Bo (Red) wins 28-10, Ann (Black) scored 10.
    m = Match("icebreaker", ("Red", "Black"), GameResult(0, (28, 27)), GameResult(0, (28, 10)))
    assert m.winner == 1  # Bo: 27 + 28 = 55 against Ann's 28 + 10 = 38
    assert "55 against 38" in m.reason


def test_other_games_draws_and_equal_totals():
    # Horizontal/Vertical: two drawn games with equal initials: a drawn match.
    m = Match("hv-grid", ("Horizontal", "Vertical"), GameResult(None, (3, 3)), GameResult(None, (2, 2)))
    assert m.winner is None and "Two draws" in m.reason
    # A win and a draw: the winner of the one decided game wins the match.
    m = Match("hv-grid", ("Horizontal", "Vertical"), GameResult(None, (3, 3)), GameResult(1, (1, 4)))
    assert m.winner == 0 and m.result.wins == (1, 0)


def test_from_state_refuses_an_unfinished_game():
    class Going:
        is_over = False

    with pytest.raises(ValueError, match="still going"):
        GameResult.from_state(Going())
