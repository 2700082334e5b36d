//! What an id's shape says it names. People name the thing a request is about by its id
//! alone and leave its type to the reader: "close PROJ-1234", "cus_Q8dF3 — refund the last
//! charge", "what's running on i-0abc12?". Blanked as a value, such an id said nothing; its
//! shape is the one clue to the object, read here from the conventions of the APIs that mint
//! them: a tracker's issue key, Stripe's and OpenAI's prefixes, AWS resource ids, Twilio's and
//! Slack's ids.

/// Each entry an id's prefix with its separator (`_` or `-`) and the words of the object such
/// ids name, joined by `+`. The rest of the id must look minted: four letters or digits or
/// more, a digit among them. Stripe's, OpenAI's, then AWS's.
const PREFIXED: &str = "cus_customer sub_subscription pi_payment pm_payment+method ch_charge \
    in_invoice prod_product price_price re_refund evt_event acct_account po_payout \
    txn_transaction cs_checkout+session plink_payment+link dp_dispute \
    asst_assistant msg_message vs_vector+store \
    i-instance vol-volume sg-security+group vpc-vpc subnet-subnet ami-image snap-snapshot \
    eni-network+interface igw-internet+gateway rtb-route+table";

/// Twilio's ids: two capitals and 32 hex digits (often written shortened, "SM3f…").
const TWILIO: &str = "SMmessage MMmessage CAcall ACaccount PNphone+number \
    MGmessaging+service RErecording CFconference";

/// Slack's ids: a capital, a zero, and capitals and digits (C0123ABCD).
const SLACK: &str = "Cchannel Gchannel Uuser Wuser";

/// Capitals before a hyphen and a number that are a standard's name, not a tracker's
/// project key (ISO-8601, SHA-256, CVE-2024-…).
const STANDARDS: &str = "AES CVE ECMA GPT HTTP IEC IEEE ISO MD PEP RFC RSA SHA SSL TLS UTF COVID";

/// The rest of the `table` entry that starts with `key`.
fn entry(table: &'static str, key: &[u8]) -> Option<&'static str> {
    table
        .split(' ')
        .find_map(|e| e.as_bytes().starts_with(key).then(|| e.get(key.len()..))?)
        .filter(|rest| !rest.is_empty())
}

/// Which classes of bytes a run is made of, found in one pass.
#[derive(Clone, Copy)]
struct Made {
    /// It has a digit.
    digit: bool,
    /// Only digits.
    digits: bool,
    /// Only capitals and digits.
    upper: bool,
    /// Only digits and a to f.
    hex: bool,
    /// Only letters and digits.
    alnum: bool,
}

fn made(run: &[u8]) -> Made {
    let mut m = Made {
        digit: false,
        digits: true,
        upper: true,
        hex: true,
        alnum: true,
    };
    for &b in run {
        let digit = b.is_ascii_digit();
        m.digit |= digit;
        m.digits &= digit;
        m.upper &= digit || b.is_ascii_uppercase();
        m.hex &= digit || (b'a'..=b'f').contains(&b);
        m.alnum &= b.is_ascii_alphanumeric();
    }
    m
}

/// The object the id `token` (a run of ASCII letters, digits, `_` and `-`) names by its
/// shape, its words joined by `+`, or `None`; with it, whether the token is a minted value to
/// blank (an API's id) rather than a key to keep (a tracker's tools show keys of its shape in
/// their examples: "ENG-123").
pub fn object_of(token: &[u8]) -> Option<(&'static str, bool)> {
    if let Some(at) = token.iter().position(|&b| b == b'_' || b == b'-') {
        let (key, rest) = (token.get(..at)?, token.get(at + 1..)?);
        let (k, r) = (made(key), made(rest));
        // A tracker's issue key: a project key of two to ten capitals (digits after the
        // first allowed), a hyphen and a number (PROJ-1234, ENG-78; not ISO-8601 or GPT-4).
        if (2..=10).contains(&key.len())
            && key.first().is_some_and(u8::is_ascii_uppercase)
            && k.upper
            && (1..=7).contains(&rest.len())
            && r.digits
            && !STANDARDS.split(' ').any(|s| key == s.as_bytes())
        {
            return Some(("issue", false));
        }
        let minted = rest.len() >= 4 && r.alnum && r.digit;
        return entry(PREFIXED, token.get(..=at)?)
            .filter(|_| minted)
            .map(|object| (object, true));
    }
    let (head, rest) = (token.get(..2)?, token.get(2..)?);
    let r = made(rest);
    let object = if rest.len() >= 6 && r.hex && r.digit {
        entry(TWILIO, head)
    } else if (9..=11).contains(&token.len()) && head.get(1) == Some(&b'0') && r.upper {
        entry(SLACK, head.get(..1)?)
    } else {
        None
    };
    object.map(|object| (object, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(token: &str) -> Option<String> {
        object_of(token.as_bytes()).map(|(object, _)| object.replace('+', " "))
    }

    #[test]
    fn a_trackers_key_names_an_issue() {
        for key in ["PROJ-1234", "ENG-78", "A1B-9"] {
            assert_eq!(object(key).as_deref(), Some("issue"), "{key}");
        }
        for not in [
            "ISO-8601", "SHA-256", "GPT-4", "Proj-12", "P-12", "PROJ-12a", "PROJ-",
        ] {
            assert_eq!(object(not), None, "{not}");
        }
    }

    #[test]
    fn an_apis_prefix_names_its_object() {
        for (id, named) in [
            ("cus_Q8dF3", "customer"),
            ("in_1MtHbELkdIwHu7ixl4OzzPMv", "invoice"),
            ("price_1MoBy5LkdIwHu7ix", "price"),
            ("i-0abc12de", "instance"),
            ("sg-0a1b2c3d", "security group"),
            ("asst_abc123", "assistant"),
        ] {
            assert_eq!(object(id).as_deref(), Some(named), "{id}");
        }
        // Snake-case words and ids that are not minted (no digit, too short).
        for not in [
            "in_progress",
            "sub_accounts",
            "re_run",
            "i-beam",
            "cus_12",
            "pi_",
        ] {
            assert_eq!(object(not), None, "{not}");
        }
    }

    #[test]
    fn twilio_and_slack_ids_name_their_object() {
        assert_eq!(object("SM3f9c2a"), Some("message".into()));
        assert_eq!(
            object("CA0123456789abcdef0123456789abcdef"),
            Some("call".into())
        );
        assert_eq!(object("C0123ABCD"), Some("channel".into()));
        assert_eq!(object("U04BX7Q1P"), Some("user".into()));
        for not in ["SMALLER", "CAFE", "SMabcdef", "C1234ABCD", "U04bx7q1p"] {
            assert_eq!(object(not), None, "{not}");
        }
    }
}
