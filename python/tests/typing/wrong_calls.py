"""Not run: code mypy must refuse (the ctest python_mypy_refuses), so that python_mypy
passing means the stubs are read, not that nothing is checked."""
import billiards
from billiards import _billiards

billiards.simulate(3.5)  # a number is not a scenario
core = _billiards.WorldCore("{}")  # file_name is missing
steps: str = core.run(1.0)  # run returns an int
