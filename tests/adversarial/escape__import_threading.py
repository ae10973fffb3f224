# expect: exception ModuleNotFoundError
import threading
