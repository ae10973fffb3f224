import logging
import sys

# no configuration: the last-resort handler prints the bare message on
# stderr for WARNING and above
log = logging.getLogger("quiet")
log.info("not shown")
log.warning("careful %s", "now")
log.error("bad")
print("root handlers before:", logging.root.handlers)
logging.warning("configures the root logger")
print("root handlers after:", logging.root.handlers)
log.warning("through the root handler")
logging.error("err %d", 3)
logging.info("still below WARNING")


def work():
    try:
        {}["missing"]
    except KeyError:
        log.exception("lookup failed")
        logging.error("with info", exc_info=True)


work()
raise SystemExit(1)
