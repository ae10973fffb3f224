# expect: 7:23 undefined-name name 'threshold' is not defined
class Alerting:
    threshold = 30.0

    def check(self, city):
        temp = get_temperature(city)
        return temp > threshold

alerts = Alerting()
print(alerts.check("Lima"))
