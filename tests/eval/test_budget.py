"""The evaluation budget: its ledger blames the largest spender, its memory
check trips, and its messages name an option only where one raises the
limit."""

import pytest

from setmine import rsl
from setmine.eval.values.budget import CHECK_EVERY, Budget, BudgetExceeded

SMALL, BIG = rsl.parse("pr2(c)"), rsl.parse("D6")


def test_the_charge_that_tips_the_budget_is_not_blamed_for_it():
    budget = Budget(max_elements=100, subject="D15")
    for _ in range(9):
        budget.charge(10, BIG, "enumeration", 10)
    with pytest.raises(BudgetExceeded) as caught:
        for _ in range(20):
            budget.charge(1, SMALL, "red", 1)
    assert caught.value.message == ("enumeration of D6 (cardinality 10) took 90 of the 101 "
                                    "candidates enumerated, in 9 enumerations of it; D15 needs "
                                    "more than 100 candidates")


def test_a_single_spender_is_blamed_with_its_cardinality_and_the_option():
    budget = Budget(max_elements=50, options={"candidates": "--max-candidates"})
    with pytest.raises(BudgetExceeded) as caught:
        for _ in range(60):
            budget.charge(1, BIG, "counting", 2 ** 81)
    assert caught.value.message == ("counting of D6 (cardinality 2417851639229258349412352) "
                                    "needs more than 50 candidates (raise it with "
                                    "--max-candidates)")


def test_a_restart_forgets_the_previous_terms_spending():
    budget = Budget(max_elements=100)
    budget.charge(90, BIG)
    budget.restart("D2")
    budget.charge(90, SMALL)
    assert budget.spent == 90 and len(budget.ledger) == 1 and budget.subject == "D2"


def test_the_memory_check_names_what_is_being_enumerated():
    budget = Budget(max_memory=1, options={"memory": "--max-memory"})
    with pytest.raises(BudgetExceeded) as caught:
        budget.charge(CHECK_EVERY, BIG, "filter", 7)
    assert caught.value.code == "memoryLimit"
    assert caught.value.message.startswith("filter of D6 (cardinality 7) needs more than 0M of "
                                           "memory (")
    assert caught.value.message.endswith("in use) (raise it with --max-memory)")


def test_a_derived_lower_limit_is_not_raised_by_the_users_option():
    user = Budget(max_elements=1000, options={"candidates": "--max-candidates",
                                              "seconds": "--max-seconds"})
    lower = user.derived(10)
    assert lower.max_elements == 10 and "candidates" not in lower.options
    assert lower.options["seconds"] == "--max-seconds"
    same = user.derived()
    assert same.options == user.options
    with pytest.raises(BudgetExceeded) as caught:
        lower.require(11, BIG)
    assert "raise it" not in caught.value.message


def test_a_set_without_a_sub_term_is_named_by_the_term_it_serves():
    with pytest.raises(BudgetExceeded) as caught:
        Budget(max_elements=1, subject="D16").charge(5, None, "enumeration", 5)
    assert caught.value.message.startswith("enumeration of a set computed for D16 (cardinality 5)")
