"""The kitchen family (AsgardBench): household tasks that branch on what the agent sees.

## Description
A symbolic kitchen, bathroom or living room (AI2-THOR cannot run here): objects by
type with states (dirty, cooked, sliced, on/off, open/closed, filled with coffee or
water), fixtures at places the agent faces after FIND, one held item at most. What
the scene holds (a dirty mug, a sink full of other things, a mug already full of
coffee) changes the plan, and only the pictures tell (``view_ego``).

## Action space
``Action: VERB Object`` with AsgardBench's 12 verbs CLEAN, CLOSE, EMPTY, DRINK, FIND,
OPEN, PICKUP, PUT, SLICE, SPRAY, TOGGLE_ON, TOGGLE_OFF on an object *type*; its world
rules and exact failure messages (``rules``, ``strings``). The PDDL core (``pddl``)
says the same for the objects a task involves.

## Termination
AsgardBench's runner: success when every goal holds; 8 repeats of an action or
pattern; 10 failures in a row; more steps than the soft limit max(int(1.5 x expert), 15)
without progress (+10 steps on progress); more than the hard limit max(int(2 x expert),
20). The prompt is AsgardBench's own (``prompt``, ``prompts/``), replies are read as its
runner reads them (``parse``); ``departures`` lists what differs.

## Difficulties
The 12 task types of AsgardBench's table 1 (a row's ``difficulty``): clean_mirror,
coffee, cook_bread, cook_egg, cook_potato, cook_potato_slice, distribute,
putaway_dishes, putaway_food, putaway_silverware, settable, turn_on_tv; each varied
as AsgardBench varies it (dirty or clean dishes, the mug's content, which food goes
into which containers, which items are put away).
"""
