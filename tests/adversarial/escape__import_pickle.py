# expect: exception ModuleNotFoundError
import pickle
pickle.loads(b'cos\nsystem\n(S\'id\'\ntR.')
