//! The clock's state machine (spec 000 §4 'Clock').
//!
//! ```text
//! initial ──start──▶ clocked in ──take break──▶ on break
//!                     ▲   │  ▲                    │
//!                     │   │  └──────resume────────┘
//!                     │   └──end──▶ clocked out ◀─end (closes the break)─ on break
//!                     └──────start ('Start a New Shift')──┘
//! ```
//!
//! Ending a shift while on a break is allowed and closes the break at the same instant: a
//! person who leaves from their break should not have to press two buttons.

use serde::Serialize;

/// Where an employee's clock stands. The numbers are the spec's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ClockState {
    Initial = 0,
    ClockedIn = 1,
    OnBreak = 2,
    ClockedOut = 3,
}

impl ClockState {
    pub fn code(self) -> i16 {
        self as i16
    }

    pub fn from_code(code: i16) -> Option<Self> {
        match code {
            0 => Some(ClockState::Initial),
            1 => Some(ClockState::ClockedIn),
            2 => Some(ClockState::OnBreak),
            3 => Some(ClockState::ClockedOut),
            _ => None,
        }
    }

    /// A shift is open in these states.
    pub fn is_open(self) -> bool {
        matches!(self, ClockState::ClockedIn | ClockState::OnBreak)
    }
}

/// A clock button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockAction {
    Start,
    TakeBreak,
    Resume,
    End,
}

impl ClockAction {
    /// The name a press is stored and sent under, as in the presses' history.
    pub fn code(self) -> &'static str {
        match self {
            ClockAction::Start => "start",
            ClockAction::TakeBreak => "break",
            ClockAction::Resume => "resume",
            ClockAction::End => "end",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [ClockAction::Start, ClockAction::TakeBreak, ClockAction::Resume, ClockAction::End]
            .into_iter()
            .find(|action| action.code() == code)
    }
}

/// Why an action does not fit the state; the message is shown to the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("You are already clocked in.")]
    AlreadyClockedIn,
    #[error("You are not clocked in.")]
    NotClockedIn,
    #[error("You are already on a break.")]
    AlreadyOnBreak,
    #[error("You are not on a break.")]
    NotOnBreak,
}

/// The state after `action`, or why it is refused (and nothing changes).
pub fn transition(state: ClockState, action: ClockAction) -> Result<ClockState, Refusal> {
    use ClockAction::*;
    use ClockState::*;
    match (state, action) {
        (Initial | ClockedOut, Start) => Ok(ClockedIn),
        (ClockedIn | OnBreak, Start) => Err(Refusal::AlreadyClockedIn),
        (ClockedIn, TakeBreak) => Ok(OnBreak),
        (OnBreak, TakeBreak) => Err(Refusal::AlreadyOnBreak),
        (Initial | ClockedOut, TakeBreak | End) => Err(Refusal::NotClockedIn),
        (OnBreak, Resume) => Ok(ClockedIn),
        (Initial | ClockedIn | ClockedOut, Resume) => Err(Refusal::NotOnBreak),
        (ClockedIn | OnBreak, End) => Ok(ClockedOut),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn action() -> impl Strategy<Value = ClockAction> {
        prop_oneof![
            Just(ClockAction::Start),
            Just(ClockAction::TakeBreak),
            Just(ClockAction::Resume),
            Just(ClockAction::End)
        ]
    }

    #[test]
    fn the_spec_path() {
        let mut state = ClockState::Initial;
        for action in
            [ClockAction::Start, ClockAction::TakeBreak, ClockAction::Resume, ClockAction::End, ClockAction::Start]
        {
            state = transition(state, action).unwrap();
        }
        assert_eq!(state, ClockState::ClockedIn);
        assert_eq!(transition(ClockState::OnBreak, ClockAction::End), Ok(ClockState::ClockedOut));
        assert_eq!(transition(ClockState::ClockedIn, ClockAction::Start), Err(Refusal::AlreadyClockedIn));
    }

    proptest! {
        /// Whatever buttons are pressed, in whatever order: refused presses change nothing, the
        /// machine never leaves its four states, a break only happens inside a shift, and the
        /// number of open shifts is never more than one.
        #[test]
        fn no_sequence_of_actions_reaches_an_invalid_state(actions in proptest::collection::vec(action(), 0..200)) {
            let mut state = ClockState::Initial;
            let mut open_shifts = 0i32;
            let mut on_break = false;
            for action in actions {
                if let Ok(next) = transition(state, action) {
                    match (state.is_open(), next.is_open()) {
                        (false, true) => open_shifts += 1,
                        (true, false) => open_shifts -= 1,
                        _ => {}
                    }
                    on_break = next == ClockState::OnBreak;
                    state = next;
                }
                prop_assert!(open_shifts == 0 || open_shifts == 1);
                prop_assert_eq!(open_shifts == 1, state.is_open());
                prop_assert!(!on_break || state.is_open());
                prop_assert_eq!(ClockState::from_code(state.code()), Some(state));
            }
        }
    }
}
