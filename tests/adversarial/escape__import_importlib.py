# expect: exception ModuleNotFoundError
import importlib
importlib.import_module('os')
