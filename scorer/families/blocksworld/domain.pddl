;; ViPlan-BW (seed 000, appendix H.1, figure 11): coloured blocks stacked in
;; labelled columns; one action moves a clear block onto the top of another column.
(define (domain blocksworld)
  (:requirements :strips :typing :negative-preconditions :conditional-effects :equality)
  (:types block column)
  (:predicates
    (on ?b1 - block ?b2 - block)
    (incolumn ?b - block ?c - column)
    (clear ?b - block)
    (rightof ?c1 - column ?c2 - column)
    (leftof ?c1 - column ?c2 - column))

  (:action moveblock
    :parameters (?b1 - block ?c1 - column)
    :precondition (and (clear ?b1) (not (incolumn ?b1 ?c1)))
    :effect (and
      (forall (?b2 - block)
        (and
          ;; leaving: the block below becomes clear
          (when (on ?b1 ?b2) (and (not (on ?b1 ?b2)) (clear ?b2)))
          ;; arriving: land on the clear top block of the target column
          (when (and (incolumn ?b2 ?c1) (clear ?b2) (not (= ?b2 ?b1)))
                (and (on ?b1 ?b2) (not (clear ?b2))))))
      (forall (?c2 - column)
        (when (incolumn ?b1 ?c2) (not (incolumn ?b1 ?c2))))
      (incolumn ?b1 ?c1)
      (clear ?b1))))
