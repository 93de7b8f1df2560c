//! A kiosk PIN: 4 to 6 digits, and not one anyone would try first.

/// What a PIN that will not do hears.
pub const PIN_MESSAGE: &str =
    "Please choose a PIN of 4 to 6 digits that is hard to guess (not 1234, 0000, 1212 or the same digit)";

/// A PIN, checked; never shown, stored only hashed.
#[derive(Clone, PartialEq, Eq)]
pub struct Pin(String);

impl std::fmt::Debug for Pin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pin(…)")
    }
}

impl Pin {
    /// A PIN a person chooses: 4–6 digits, not trivially guessable.
    pub fn choose(text: &str) -> Result<Pin, &'static str> {
        let pin = Self::typed(text).ok_or(PIN_MESSAGE)?;
        if guessable(pin.0.as_bytes()) {
            return Err(PIN_MESSAGE);
        }
        Ok(pin)
    }

    /// A PIN as typed at a kiosk: 4–6 digits (whether it is the right one is the hash's to say).
    pub fn typed(text: &str) -> Option<Pin> {
        let text = text.trim();
        ((4..=6).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())).then(|| Pin(text.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// The same digit, a run up or down the keypad (1234, 9876, 7890), or a pair repeated (1212).
fn guessable(digits: &[u8]) -> bool {
    let steps: Vec<i16> = digits
        .windows(2)
        .filter_map(|pair| match pair {
            [a, b] => Some((i16::from(*b) - i16::from(*a)).rem_euclid(10)),
            _ => None,
        })
        .collect();
    let run = steps.first().is_some_and(|first| matches!(first, 0 | 1 | 9) && steps.iter().all(|step| step == first));
    let head = digits.get(..2);
    let pairs = digits.len().is_multiple_of(2) && digits.chunks(2).all(|pair| Some(pair) == head);
    run || pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_are_four_to_six_digits_and_not_the_first_ones_tried() {
        for weak in ["0000", "1111", "1234", "4321", "123456", "654321", "7890", "0987", "1212", "909090"] {
            assert!(Pin::choose(weak).is_err(), "{weak}");
        }
        for bad in ["123", "1234567", "12a4", "", "12 34"] {
            assert!(Pin::choose(bad).is_err(), "{bad}");
            assert!(Pin::typed(bad).is_none(), "{bad}");
        }
        for fine in ["2580", "4711", "83561", "402913"] {
            assert_eq!(Pin::choose(fine).unwrap().expose(), fine);
        }
        assert_eq!(format!("{:?}", Pin::choose("4711").unwrap()), "Pin(…)");
    }
}
