"""Planarium's static configs in other harnesses (inspect_ai, lm-eval, lmms-eval), and the
conformance vectors every port must reproduce. Each adapter scores through
``scorer.scoring.harness``, never a re-implementation."""
