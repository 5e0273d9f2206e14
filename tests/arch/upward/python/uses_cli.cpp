// Not compiled: the Python module uses the engine, never the command line above it.
#include "cli/batch_runner.hpp"
