import logging
import sys

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stdout)
log = logging.getLogger("agent")
log.debug("hidden %d", 1)
log.info("starting with %d tools", 3)
log.warning("slow: %.2fs", 1.5)
log.error("failed: %s", {"code": 7})
log.critical("down")
log.log(logging.INFO, "via log %s", "x")
logging.info("module-level %s", "info")
logging.debug("module-level debug hidden")
print(log.isEnabledFor(logging.DEBUG), log.isEnabledFor(logging.INFO))
print(log.getEffectiveLevel(), log.level, logging.getLogger().level)
log.setLevel(logging.DEBUG)
log.debug("now visible")
log.setLevel("ERROR")
log.warning("hidden again")
print(logging.DEBUG, logging.INFO, logging.WARNING, logging.ERROR, logging.CRITICAL, logging.NOTSET)
print(logging.getLevelName(logging.WARNING), logging.getLevelName("DEBUG"), logging.getLevelName(25))
print(repr(log), repr(logging.getLogger()))
print(logging.getLogger("agent") is log, logging.getLogger("root") is logging.root)
log.info("with mapping %(a)s and %(b)s", {"a": 1, "b": 2})
log.error("percent %% literal")
log.error("no args keeps %s literally")
try:
    log.setLevel("LOUD")
except ValueError as e:
    print("ValueError:", e)
try:
    log.setLevel(None)
except TypeError as e:
    print("TypeError:", e)
