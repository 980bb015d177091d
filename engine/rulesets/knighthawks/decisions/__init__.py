"""The decisions a seat is offered, for panels and screens (`engine.controls`).

- `controls.py`: each decision's fields with their bounds and choices, and the legal actions;
  a choice's `problem` is the words `apply` refuses with.
"""
