//! Reading [`Progress`] messages, the guest's answer to every
//! `start`/`resume`, so on the path of every host call: one pass over the
//! object with every variant's fields, the `status` anywhere in it
//! (serde's internally tagged enums buffer the whole message, values
//! included, before choosing a variant: a tenth of a host call's round
//! trip).

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Deserializer};

use crate::message::{present, Call, Exception, Progress};
use crate::ordered::Ordered;
use crate::value::Value;

impl<'de> Deserialize<'de> for Progress {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Progress, D::Error> {
        use serde::de::Error;
        /// Every variant's fields, each read where it stands.
        #[derive(Deserialize)]
        struct Fields {
            status: String,
            #[serde(default, deserialize_with = "present")]
            value: Option<Value>,
            #[serde(default)]
            repr: Option<String>,
            #[serde(default)]
            id: Option<u64>,
            #[serde(default)]
            name: Option<String>,
            #[serde(default)]
            object: Option<u64>,
            #[serde(default)]
            class: Option<String>,
            #[serde(default)]
            method_call: bool,
            #[serde(default)]
            args: Vec<Value>,
            #[serde(default)]
            kwargs: Ordered<Value>,
            #[serde(default)]
            function: Option<String>,
            #[serde(default)]
            calls: Option<Vec<Call>>,
            #[serde(default)]
            sleep: Option<f64>,
            #[serde(default)]
            error: Option<Exception>,
            #[serde(default)]
            message: Option<String>,
            #[serde(default)]
            kind: Option<String>,
        }
        const STATUSES: &[&str] = &[
            "complete", "call", "os_call", "wait", "error", "ready", "invalid", "limit",
        ];
        let f = Fields::deserialize(d)?;
        let id = || f.id.ok_or_else(|| D::Error::missing_field("id"));
        let message = |m: Option<String>| m.ok_or_else(|| D::Error::missing_field("message"));
        Ok(match f.status.as_str() {
            "complete" => Progress::Complete {
                value: f.value.unwrap_or_default(),
                repr: f.repr,
            },
            "call" => Progress::Call(Call {
                id: id()?,
                name: f.name.ok_or_else(|| D::Error::missing_field("name"))?,
                object: f.object,
                class: f.class,
                method_call: f.method_call,
                args: f.args,
                kwargs: f.kwargs,
            }),
            "os_call" => Progress::OsCall {
                id: id()?,
                function: f
                    .function
                    .ok_or_else(|| D::Error::missing_field("function"))?,
                args: f.args,
                kwargs: f.kwargs,
            },
            "wait" => Progress::Wait {
                calls: f.calls.ok_or_else(|| D::Error::missing_field("calls"))?,
                sleep: f.sleep,
            },
            "error" => Progress::Error {
                error: f.error.ok_or_else(|| D::Error::missing_field("error"))?,
            },
            "ready" => Progress::Ready,
            "invalid" => Progress::Invalid {
                message: message(f.message)?,
            },
            "limit" => Progress::Limit {
                kind: f.kind.ok_or_else(|| D::Error::missing_field("kind"))?,
                message: message(f.message)?,
            },
            other => return Err(D::Error::unknown_variant(other, STATUSES)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec;

    #[test]
    fn progress_reads_every_status_in_one_pass() {
        let call = Call {
            id: 4,
            name: "g".into(),
            object: None,
            class: None,
            method_call: false,
            args: vec![],
            kwargs: Ordered(vec![]),
        };
        let all = [
            Progress::Complete {
                value: Value::List(vec![Value::Int(1)]),
                repr: Some("[1]".into()),
            },
            Progress::OsCall {
                id: 5,
                function: "Path.read_text".into(),
                args: vec![Value::Str("/a".into())],
                kwargs: Ordered(vec![("encoding".into(), Value::Str("utf-8".into()))]),
            },
            Progress::Wait {
                calls: vec![call.clone()],
                sleep: Some(0.25),
            },
            Progress::Wait {
                calls: vec![],
                sleep: None,
            },
            Progress::Error {
                error: Exception {
                    type_name: "KeyError".into(),
                    message: "'x'".into(),
                    traceback: "Traceback".into(),
                },
            },
            Progress::Ready,
            Progress::Invalid {
                message: "no".into(),
            },
            Progress::Limit {
                kind: "memory".into(),
                message: "too much".into(),
            },
        ];
        for p in all {
            let text = serde_json::to_string(&p).unwrap();
            assert_eq!(
                serde_json::from_str::<Progress>(&text).unwrap(),
                p,
                "{text}"
            );
        }
        // the status may come anywhere; absent optional fields default
        let late: Progress =
            serde_json::from_str(r#"{"id":4,"name":"g","status":"call"}"#).unwrap();
        assert_eq!(late, Progress::Call(call));
        let bare: Progress = serde_json::from_str(r#"{"status":"complete"}"#).unwrap();
        assert_eq!(
            bare,
            Progress::Complete {
                value: Value::None,
                repr: None
            }
        );
        let err = |text: &str| {
            serde_json::from_str::<Progress>(text)
                .unwrap_err()
                .to_string()
        };
        assert!(err(r#"{"status":"call","name":"g"}"#).contains("missing field `id`"));
        assert!(err(r#"{"status":"paused"}"#).contains("unknown variant `paused`"));
        assert!(err(r#"{"id":1}"#).contains("missing field `status`"));
    }
}
