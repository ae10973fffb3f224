# expect: 2:8 unsupported No module named 'yaml' (not available in this sandbox)
import yaml

config = yaml.safe_load(read_file("/etc/app/config.yaml"))
print(config["name"])
