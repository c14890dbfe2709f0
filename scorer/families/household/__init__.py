"""ViPlan-HH: a partially observable home (ViPlan, section 4.1, appendix H.2).

## Description
ViPlan's household domain (its ``data/planning/igibson/domain.pddl``, taken as
published): containers (cabinets, fridges, cartons, doors, windows) and movable objects
(dishes, food, books, toys...) in a home of a few rooms. ViPlan's homes are iGibson
scenes; ours are drawn by our code from the PDDL state (``scene``, ``layout``, ``sight``):
rooms, furniture along the walls, objects on and in it. The agent sees only the piece it
stands before and the slots beside it, and only inside open containers; objects of one
kind are told apart by their labels (``book_1``, ``book_2``).

## Action space
``grasp ?m``, ``place-on ?m ?o``, ``place-next-to ?m ?o``, ``place-inside ?m ?c``,
``open-container ?c``, ``close-container ?c``, ``navigate-to ?o``, ``slice ?s ?k``.

## Difficulties
ViPlan's ten BEHAVIOR activities (ViPlan, table 5) in three bands of optimal plan
length: simple 4-6, medium 8-10, hard 11-14 (the lengths of ViPlan's own problems);
step limits 10 / 20 / 30 as ViPlan's runs.
"""
