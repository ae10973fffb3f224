import sys
import warnings

sys.stderr = sys.stdout

warnings.simplefilter("ignore")
warnings.warn("ignored")
warnings.resetwarnings()
warnings.simplefilter("always")
for i in range(2):
    warnings.warn("always shown")
warnings.resetwarnings()
warnings.simplefilter("error", RuntimeWarning)
try:
    warnings.warn("now an error", RuntimeWarning)
except RuntimeWarning as e:
    print("caught", type(e).__name__, e)
warnings.warn("other categories still warn")
warnings.resetwarnings()
warnings.filterwarnings("ignore", message="noisy")
warnings.warn("Noisy message is ignored")
warnings.warn("quiet message is shown")
warnings.filterwarnings("error", category=UserWarning, message=".*fatal")
try:
    warnings.warn("this is fatal")
except UserWarning as e:
    print("error:", e)
print(len(warnings.filters), warnings.filters[0][0], warnings.filters[0][2].__name__)
try:
    warnings.simplefilter("sometimes")
except ValueError as e:
    print(e)
warnings.resetwarnings()
warnings.simplefilter("once")
for i in range(2):
    warnings.warn("once per text")
warnings.warn("once per text")
warnings.simplefilter("module")
warnings.warn("per module")
warnings.warn("per module")


def show(message, category, filename, lineno, file=None, line=None):
    print("custom:", category.__name__, message, lineno)


warnings.showwarning = show
warnings.simplefilter("always")
warnings.warn("through custom showwarning")
