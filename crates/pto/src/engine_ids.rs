//! pto's ids are kernel's typed ids; `pto-engine`, a pure crate, has its own (an `i64` inside).
//! They meet here, where pto hands the engine its inputs and reads its answers.

use kernel::ids::{PtoPlanId, PtoRuleId, PtoTypeId};
use kernel::{PtoHistoryEntryId, PtoRequestId};
use pto_engine::SourceId;

/// A stored id as the engine's.
pub(crate) trait ToEngine {
    type Engine;
    fn engine(self) -> Self::Engine;
}

/// An engine's id as the stored one.
pub(crate) trait FromEngine {
    type Stored;
    fn stored(self) -> Self::Stored;
}

macro_rules! both_ways {
    ($stored:ident, $engine:ident) => {
        impl ToEngine for $stored {
            type Engine = pto_engine::$engine;
            fn engine(self) -> pto_engine::$engine {
                pto_engine::$engine(self.0)
            }
        }

        impl FromEngine for pto_engine::$engine {
            type Stored = $stored;
            fn stored(self) -> $stored {
                $stored(self.0)
            }
        }
    };
}

both_ways!(PtoTypeId, PtoTypeId);
both_ways!(PtoPlanId, PlanId);
both_ways!(PtoRuleId, RuleId);

// The records a ledger entry comes from: a request, a starting balance or a manual addition.
impl ToEngine for PtoRequestId {
    type Engine = SourceId;
    fn engine(self) -> SourceId {
        SourceId(self.0)
    }
}

impl ToEngine for PtoHistoryEntryId {
    type Engine = SourceId;
    fn engine(self) -> SourceId {
        SourceId(self.0)
    }
}
