"""AsgardBench's exact strings, in one place (AsgardBench's public code, as our anchor
notes record it): failure messages of the world rules, parser outcomes, feedback forms,
prompt headers, error types and termination names.

``{o}`` is the object acted on, ``{h}`` the held object, ``{t}`` a type. Messages name
object instances (``Mug_1``); the detailed feedback strips the instance suffix with
AsgardBench's own pattern (``Mug_1`` -> ``Mug``). ``tests/families/kitchen/test_strings.py``
checks every string marked as AsgardBench's against the anchor notes.
"""

from __future__ import annotations

import re

# --- World rules: AsgardBench's messages -------------------------------------------
PICKUP_HOLDING = "Cannot pick up {o} while holding {h}."
PICKUP_NOT_VISIBLE = "Cannot pick up {o} as it is not visible."
PICKUP_CLOSED = "Cannot pick up {o} as it is in a closed container."
PICKUP_NOT_PICKUPABLE = "You cannot pick up object of type {o} as it is not pickupable."
PUT_NOTHING_HELD = "No object held."
PUT_NOT_VISIBLE = "Cannot PUT in {o} as it is not visible."
PUT_DIRTY = "Cannot PUT in {o} as it is dirty."
PUT_CLOSED = "Cannot PUT in {o} as it is closed. Open it first."
PUT_INCOMPATIBLE = "Cannot PUT {h} in {o} as they are not compatible."
PUT_FULL = "The {t} can't fit more items."
OPEN_NOT_VISIBLE = "Cannot open {o} as it is not visible."
NOT_OPENABLE = "{o} is not openable."
ALREADY_OPEN = "{o} is already open."
CLOSE_NOT_VISIBLE = "Cannot close {o} as it is not visible."
ALREADY_CLOSED = "{o} is already closed."
TOGGLE_ALREADY_ON = "Cannot toggle {o} as it is already on."
TOGGLE_ALREADY_OFF = "Cannot toggle {o} as it is already off."
TOGGLE_NOT_VISIBLE = "Cannot toggle {o} as it is not visible."
TOGGLE_NO_REMOTE = "Cannot toggle {o} without holding a remote control."
COFFEE_EMPTY = "Cannot toggle {o} as it contains no objects."
COFFEE_NOT_MUG = "Cannot toggle {o} as it contains a {t}."
COFFEE_MUG_FULL = "Cannot toggle {o} as the mug is not empty."
COFFEE_MUG_DIRTY = "Cannot toggle {o} as the mug is dirty."
FAUCET_BLOCKED = "Cannot toggle {o} as SinkBasin contains a {t}."
MICROWAVE_OPEN = "Cannot toggle {o} as it is open."
ALREADY_SLICED = "{o} is already sliced."
SLICE_NOT_VISIBLE = "Cannot slice {o} as it is not visible."
SLICE_NOT_ON_COUNTER = "Cannot slice {o} as it is not on a countertop."
SLICE_NO_KNIFE = "Cannot slice {o} without holding a knife."
CLEAN_NOT_VISIBLE = "Cannot clean {o} as it is not visible."
CLEAN_NOT_SPRAYED = "Cannot clean {o} without having sprayed it first."
CLEAN_NO_CLOTH = "Cannot clean {o} without holding a cloth."
CLEAN_FAUCET_OFF = "Cannot clean {o} as the faucet is not turned on."
CLEAN_NOT_IN_SINK = "{o} must be in the SinkBasin to clean"
CLEAN_NO_SPONGE = "Cannot clean {o} without holding a sponge."
EMPTY_NOT_VISIBLE = "Cannot empty {o} as it is not visible."
NOT_FILLED = "{o} is not filled with liquid."
DRINK_NOT_VISIBLE = "Cannot drink from the {o} as it is not visible."
DRINK_NOT_HELD = "Cannot drink from the {o} without holding it."
SPRAY_NOT_VISIBLE = "Cannot spray {o} as it is not visible."
SPRAY_NO_BOTTLE = "Cannot spray {o} without holding a spray bottle."
FIND_SLICED = "Object is already sliced"
NO_SUCH_OBJECT = "Object {o} does not exist in this scene."
# --- Parser outcomes (AsgardBench's) -----------------------------------------------
NOT_FOUND = "Action content not found"
INVALID_OBJECT = "Object is not a valid object."
INVALID_ACTION = "Action is not a valid action."
INVALID_RESPONSE = "Response from model is in invalid format."  # every invalid-format step's message
NO_ACTION = "None None"  # the history entry of a reply with no Action line (not shown)
EMPTY_RESPONSE = "empty_response"  # the action recorded for an empty reply
# --- Feedback forms and prompt headers (AsgardBench's) -----------------------------
FEEDBACK_SUCCESS = "  Success"
FEEDBACK_FAILURE = "  Failure"
FEEDBACK_DETAILED_FAILURE = "  Failure: "
HISTORY_HEADER = "HISTORY OF ATTEMPTED ACTIONS:"
MEMORY_HEADER = "MEMORY FROM PREVIOUS STEP:"
PLAN_HEADER = "SUGGESTED PLAN SEQUENCE (from your previous response):"
REMEMBER_MARK = "THINGS TO REMEMBER"
REMEMBER_FALLBACK = "Things I want to remember"
# --- Error types and termination names (AsgardBench's) -----------------------------
UNDOABLE = "Undoable"
UNPARSABLE = "Unparsable"
INVALID_OBJECT_TYPE = "Invalid Object"
SUCCESS = "Success"
MAX_REPEATS = "Max_Repeats"
MAX_FAILURES = "Max_Failures"
MAX_STEPS = "Max_Steps"
HARD_LIMIT = "Hit_Hard_Limit"

# --- Ours: rules AsgardBench leaves to AI2-THOR, worded in its style ----------------
ALL_IN_USE = "All {t} are already being used to fullfill a goal"
NO_CANDIDATES = "No candidate objects for action {v} {t}"
NOT_TOGGLEABLE = "{o} is not toggleable."
NOT_SLICEABLE = "{o} is not sliceable."
NOT_CLEANABLE = "{o} cannot be cleaned."
NOT_FILLABLE = "{o} cannot hold liquid."
SLICE_HELD = "Cannot slice {o} while holding it."

ASGARD_STRINGS: tuple[str, ...] = (
    PICKUP_HOLDING, PICKUP_NOT_VISIBLE, PICKUP_CLOSED, PICKUP_NOT_PICKUPABLE, PUT_NOTHING_HELD,
    PUT_NOT_VISIBLE, PUT_DIRTY, PUT_CLOSED, PUT_INCOMPATIBLE, PUT_FULL, OPEN_NOT_VISIBLE, NOT_OPENABLE,
    ALREADY_OPEN, CLOSE_NOT_VISIBLE, ALREADY_CLOSED, TOGGLE_ALREADY_ON, TOGGLE_ALREADY_OFF,
    TOGGLE_NO_REMOTE, MICROWAVE_OPEN, FAUCET_BLOCKED, ALREADY_SLICED, SLICE_NOT_VISIBLE,
    SLICE_NOT_ON_COUNTER, SLICE_NO_KNIFE, CLEAN_NOT_SPRAYED, CLEAN_NO_CLOTH, CLEAN_FAUCET_OFF,
    CLEAN_NOT_IN_SINK, CLEAN_NO_SPONGE, EMPTY_NOT_VISIBLE, NOT_FILLED, DRINK_NOT_VISIBLE, DRINK_NOT_HELD,
    SPRAY_NOT_VISIBLE, SPRAY_NO_BOTTLE, FIND_SLICED, NO_SUCH_OBJECT, NOT_FOUND, INVALID_OBJECT,
    INVALID_ACTION, INVALID_RESPONSE, FEEDBACK_SUCCESS, FEEDBACK_FAILURE, FEEDBACK_DETAILED_FAILURE, HISTORY_HEADER,
    MEMORY_HEADER, PLAN_HEADER, REMEMBER_MARK, REMEMBER_FALLBACK, UNDOABLE, UNPARSABLE,
    INVALID_OBJECT_TYPE, MAX_REPEATS, MAX_FAILURES, MAX_STEPS, HARD_LIMIT,
)  # fmt: skip

_INSTANCE_SUFFIX = re.compile(r"(\w+)_[a-zA-Z0-9]+")


def strip_instances(message: str) -> str:
    """AsgardBench's detailed feedback: ``Mug_1`` -> ``Mug`` (its own pattern)."""
    return _INSTANCE_SUFFIX.sub(r"\1", message)
