# expect: exception ModuleNotFoundError
import gc
gc.get_objects()
