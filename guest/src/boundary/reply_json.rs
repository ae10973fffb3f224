//! Reading the host's answer to a call, `{"id":N,"value":V}`, on the path
//! of every host call, without serde's struct machinery: the id is read
//! as text and only the value goes through serde_json. Every host writes
//! this form (the Rust host's `reply_message`, the JS, Python and Go
//! packages alike); the general reader (`monty_wire::Resume`: every form's
//! fields in one struct, any key order) took about a third of the guest's
//! side of a call's round trip.
//!
//! Anything else (keys in another order, spaces, an error, `results`, a
//! value serde rejects) gives `None`, and the caller reads the reply with
//! the general reader, which also makes the error messages: this reader
//! accepts a subset of what that one accepts and reads it to the same
//! value (`tests` below hold the two equal).

use monty_wire::quick_read::{shallow_enough, Cursor};
use monty_wire::{Reply, Resume, Value};

/// The reply in `text`, if it is `{"id":N,"value":V}` with nothing else.
pub fn read_reply(text: &str) -> Option<Resume> {
    let bytes = text.as_bytes();
    if !shallow_enough(bytes) {
        return None;
    }
    let mut cursor = Cursor::new(bytes);
    cursor.literal(br#"{"id":"#)?;
    let id = cursor.integer()?;
    cursor.literal(br#","value":"#)?;
    // (read from a str, as the general reader does: the same instance of
    // the value's deserializer, not a second one for byte slices; the
    // cursor stands after ASCII text, so on a char boundary)
    let rest = &text[cursor.offset()..];
    let mut values = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
    let value = values.next()?.ok()?;
    (&rest[values.byte_offset()..] == "}").then_some(Resume::One(Reply {
        id: Some(id),
        value: Some(value),
        error: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use monty_wire::quick_read::MAX_BRACKETS;

    fn general(text: &str) -> Option<Resume> {
        serde_json::from_str(text).ok()
    }

    #[test]
    fn reads_what_the_general_reader_reads() {
        for text in [
            r#"{"id":0,"value":1}"#,
            r#"{"id":18446744073709551615,"value":-1.5e3}"#,
            r#"{"id":3,"value":null}"#,
            r#"{"id":3,"value":true}"#,
            r#"{"id":3,"value":"a \"b\" \u00e9 é"}"#,
            r#"{"id":3,"value":[1,[2,{"a":[]}],{"$tuple":[1]}]}"#,
            r#"{"id":3,"value":{"$int":"123456789012345678901234567890"}}"#,
            r#"{"id":3,"value":{"$dict":[[1,2]]}}"#,
            r#"{"id":3,"value":{"k":{"$float":"-inf"}}}"#,
            r#"{"id":3,"value":12345678901234567890}"#,
        ] {
            let read = read_reply(text);
            assert!(read.is_some(), "{text}");
            assert_eq!(read, general(text), "{text}");
        }
    }

    #[test]
    fn leaves_other_forms_to_the_general_reader() {
        for text in [
            r#"{"value":1,"id":3}"#,
            r#"{"id": 3,"value":1}"#,
            r#"{"id":03,"value":1}"#,
            r#"{"id":18446744073709551616,"value":1}"#,
            r#"{"id":3,"value":1,"error":null}"#,
            r#"{"id":3,"value":1} "#,
            r#"{"id":3,"value":1x}"#,
            r#"{"id":3,"value":[1,]}"#,
            r#"{"id":3,"value":}"#,
            r#"{"id":3}"#,
            r#"{"id":3,"error":{"type":"ValueError","message":"m"}}"#,
            r#"{"results":[{"id":3,"value":1}]}"#,
        ] {
            assert_eq!(read_reply(text), None, "{text}");
        }
        // deep values: the general reader refuses past its 128 levels
        let deep = format!(
            r#"{{"id":1,"value":{}{}}}"#,
            "[".repeat(MAX_BRACKETS),
            "]".repeat(MAX_BRACKETS)
        );
        assert_eq!(read_reply(&deep), None);
    }
}
