# expect: exception AttributeError
# gc exists (collect/enable/disable/isenabled) but exposes no heap walk.
import gc
gc.get_objects()
