# expect: exception ModuleNotFoundError
import inspect
inspect.currentframe()
