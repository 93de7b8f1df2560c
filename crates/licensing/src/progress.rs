//! What counts toward a CE requirement, computed (never stored): every credit counts toward the
//! total; an ethics credit toward the ethics hours too; a topic's credit toward that topic's
//! hours. Hours past the total are the excess; where the state allows carry-over, the previous
//! cycle's excess of the same licence counts toward the next cycle's total.

use crate::model::hours;
use serde::Serialize;

/// The ethics topic's name in credits.
pub const ETHICS: &str = "ethics";
/// A credit of no particular topic.
pub const GENERAL: &str = "general";

/// What a requirement asks for, in minutes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Need {
    pub total: i64,
    pub ethics: i64,
    pub topics: Vec<(String, i64)>,
}

/// One credit as the computation sees it.
#[derive(Debug, Clone, Copy)]
pub struct Counted<'a> {
    pub minutes: i64,
    pub topic: &'a str,
}

/// Done against required, in hours.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Progress {
    pub done: f64,
    pub required: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TopicProgress {
    pub topic: String,
    pub done: f64,
    pub required: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RequirementProgress {
    pub total: Progress,
    pub ethics: Progress,
    pub topics: Vec<TopicProgress>,
}

/// The outcome of counting, in minutes, with its view in hours.
#[derive(Debug, Clone, PartialEq)]
pub struct Counting {
    pub progress: RequirementProgress,
    pub excess_minutes: i64,
    pub met: bool,
}

/// Counts `credits` (those of the requirement's person, states and cycle) and `carried_in`
/// minutes toward `need`.
pub fn count(need: &Need, credits: &[Counted<'_>], carried_in: i64) -> Counting {
    let total_done: i64 = credits.iter().map(|credit| credit.minutes).sum::<i64>() + carried_in;
    let ethics_done: i64 =
        credits.iter().filter(|credit| credit.topic.eq_ignore_ascii_case(ETHICS)).map(|credit| credit.minutes).sum();
    let topics: Vec<(String, i64, i64)> = need
        .topics
        .iter()
        .map(|(topic, required)| {
            let done = credits
                .iter()
                .filter(|credit| credit.topic.eq_ignore_ascii_case(topic))
                .map(|credit| credit.minutes)
                .sum();
            (topic.clone(), done, *required)
        })
        .collect();
    let met = total_done >= need.total
        && ethics_done >= need.ethics
        && topics.iter().all(|(_, done, required)| done >= required);
    Counting {
        progress: RequirementProgress {
            total: Progress { done: hours(total_done), required: hours(need.total) },
            ethics: Progress { done: hours(ethics_done), required: hours(need.ethics) },
            topics: topics
                .into_iter()
                .map(|(topic, done, required)| TopicProgress { topic, done: hours(done), required: hours(required) })
                .collect(),
        },
        excess_minutes: (total_done - need.total).max(0),
        met,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn need() -> Need {
        Need { total: 24 * 60, ethics: 3 * 60, topics: vec![("flood".to_owned(), 3 * 60)] }
    }

    #[test]
    fn ethics_and_topics_count_toward_the_total_too() {
        let credits = [
            Counted { minutes: 60, topic: "ethics" },
            Counted { minutes: 120, topic: "Flood" },
            Counted { minutes: 600, topic: "general" },
        ];
        let counting = count(&need(), &credits, 0);
        assert_eq!(counting.progress.total, Progress { done: 13.0, required: 24.0 });
        assert_eq!(counting.progress.ethics, Progress { done: 1.0, required: 3.0 });
        assert_eq!(counting.progress.topics[0].done, 2.0);
        assert!(!counting.met);
        assert_eq!(counting.excess_minutes, 0);
    }

    #[test]
    fn a_met_requirement_shows_its_excess_and_carried_hours_count_toward_the_total_only() {
        let credits = [Counted { minutes: 180, topic: "ethics" }, Counted { minutes: 180, topic: "flood" }];
        let short = count(&need(), &credits, 17 * 60);
        assert!(!short.met, "23 of 24 hours");
        let credits = [
            Counted { minutes: 180, topic: "ethics" },
            Counted { minutes: 180, topic: "flood" },
            Counted { minutes: 1200, topic: "general" },
        ];
        let over = count(&need(), &credits, 0);
        assert!(over.met);
        assert_eq!(over.excess_minutes, 2 * 60);
        let carried = count(&need(), &[Counted { minutes: 60, topic: "ethics" }], 30 * 60);
        assert_eq!(carried.progress.ethics.done, 1.0, "carried hours are never ethics hours");
        assert!(!carried.met);
    }
}
