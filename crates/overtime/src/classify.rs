//! The classifier: a person's worked time, cut at workday boundaries in local time, each second
//! given the highest rate that applies (regular, overtime, double time), never two.
//!
//! Steps (research §1.3), per workweek:
//! 1. Worked spans (breaks already removed) are cut into pieces at workday boundaries: the
//!    company's workday start hour each calendar day, or for Nevada a rolling 24 hours from when
//!    the person starts work. A piece belongs to the workday in which it was worked, so a night
//!    shift is split between two days. Spans are UTC instants, so a night across a daylight-saving
//!    change counts the 7 or 9 hours really worked.
//! 2. Daily bands raise pieces past each threshold of their workday (overtime, then double time);
//!    on California's seventh workday of a fully worked workweek the first 8 hours are overtime
//!    and the rest double time; Colorado's 12 consecutive hours raise pieces past 12 hours of one
//!    shift, whatever the workday.
//! 3. The weekly threshold counts only the pieces still regular, in the order they were worked;
//!    those past it become overtime. A rate is only ever raised, so nothing is paid twice.
//!
//! The workweek is seven workdays from the chosen weekday (it starts at the workday's start hour,
//! so a workday never straddles two workweeks). When the workweek's first day changes, the week
//! running at the change is completed under the old definition and the new weeks start on the
//! first new first-day from the change; a workday in both weeks keeps the larger premium of the
//! two (29 CFR 778.301: a change never moves hours out of overtime).
//!
//! Results are per workday in whole minutes: the day's worked seconds rounded down, and of them
//! the premium minutes rounded down, so regular + overtime + double time = the day's worked minutes.

use crate::rules::{Rules, WorkdayKind};
use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, TimeZone, Utc, Weekday};
use chrono_tz::Tz;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// Worked time from `start` to `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// One shift: its worked spans (the time between clock-in and clock-out less unpaid breaks), in
/// order. A shift is one stretch of work for Colorado's consecutive-hours rule.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shift {
    pub spans: Vec<Span>,
}

/// A workweek definition from a date on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeekStart {
    pub from: NaiveDate,
    pub first_day: Weekday,
}

/// A workday start hour from a date on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkdayStart {
    pub from: NaiveDate,
    /// Minutes after local midnight.
    pub minutes: u32,
}

/// Where and how days and weeks are cut.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calendar {
    pub time_zone: Tz,
    /// Minutes after local midnight at which each workday (and each workweek) begins, before the
    /// first of `workday_changes`.
    pub workday_start_minutes: u32,
    /// Later workday start hours, oldest first: each from its date on. Earlier days keep theirs;
    /// the workday before a change ends where the changed one begins.
    pub workday_changes: Vec<WorkdayStart>,
    /// Workweek definitions, oldest first; the first also holds before its date.
    pub weeks: Vec<WeekStart>,
}

impl Calendar {
    /// Minutes after local midnight at which workday `day` begins.
    pub fn workday_start_on(&self, day: NaiveDate) -> u32 {
        self.workday_changes
            .iter()
            .rev()
            .find(|change| change.from <= day)
            .map_or(self.workday_start_minutes, |change| change.minutes)
    }

    /// Sunday weeks and midnight workdays in `time_zone`.
    pub fn standard(time_zone: Tz) -> Self {
        Calendar {
            time_zone,
            workday_start_minutes: 0,
            workday_changes: Vec::new(),
            weeks: vec![WeekStart { from: NaiveDate::MIN, first_day: Weekday::Sun }],
        }
    }
}

/// Regular, overtime and double-time minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hours {
    pub regular: i64,
    pub overtime: i64,
    pub double_time: i64,
}

impl Hours {
    pub fn worked(&self) -> i64 {
        self.regular + self.overtime + self.double_time
    }

    pub fn add(&mut self, other: Hours) {
        self.regular += other.regular;
        self.overtime += other.overtime;
        self.double_time += other.double_time;
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Regular,
    Overtime,
    Double,
}

/// A piece of worked time inside one workday, as seconds since the epoch.
#[derive(Debug, Clone, Copy)]
struct Piece {
    start: i64,
    end: i64,
    day: NaiveDate,
    shift: usize,
    class: Class,
}

impl Piece {
    fn seconds(&self) -> i64 {
        self.end - self.start
    }
}

/// Seconds per workday and class, before rounding to minutes.
#[derive(Debug, Clone, Copy, Default)]
struct Seconds {
    total: i64,
    overtime: i64,
    double: i64,
}

impl Seconds {
    fn premium(&self) -> (i64, i64) {
        (self.overtime + self.double, self.double)
    }

    fn minutes(&self) -> Hours {
        let total = self.total.div_euclid(60);
        let double = self.double.div_euclid(60);
        let premium = (self.overtime + self.double).div_euclid(60);
        Hours { regular: total - premium, overtime: premium - double, double_time: double }
    }
}

/// The first instant of workday `day`: its local date at the workday's start minute (in a
/// daylight-saving gap, the first instant after it; when the hour repeats, the first of the two).
fn workday_start(calendar: &Calendar, day: NaiveDate) -> i64 {
    let local =
        day.and_hms_opt(0, 0, 0).unwrap_or_default() + Duration::minutes(i64::from(calendar.workday_start_on(day)));
    let mut probe = local;
    for _ in 0..4 {
        match calendar.time_zone.from_local_datetime(&probe) {
            LocalResult::Single(at) | LocalResult::Ambiguous(at, _) => return at.timestamp(),
            LocalResult::None => probe += Duration::minutes(30),
        }
    }
    Utc.from_utc_datetime(&local).timestamp()
}

/// The workday an instant falls in.
fn workday_of(calendar: &Calendar, at: i64) -> NaiveDate {
    let utc = DateTime::<Utc>::from_timestamp(at, 0).unwrap_or_default();
    let local = utc.with_timezone(&calendar.time_zone).date_naive();
    if at < workday_start(calendar, local) {
        local.pred_opt().unwrap_or(local)
    } else {
        local
    }
}

fn local_date(calendar: &Calendar, at: i64) -> NaiveDate {
    DateTime::<Utc>::from_timestamp(at, 0).unwrap_or_default().with_timezone(&calendar.time_zone).date_naive()
}

/// Cuts every span into pieces, one per workday.
fn pieces(shifts: &[Shift], calendar: &Calendar, rolling: bool) -> Vec<Piece> {
    let mut spans: Vec<(i64, i64, usize)> = shifts
        .iter()
        .enumerate()
        .flat_map(|(index, shift)| {
            shift.spans.iter().map(move |span| (span.start.timestamp(), span.end.timestamp(), index))
        })
        .filter(|(start, end, _)| end > start)
        .collect();
    spans.sort_unstable();
    let mut out = Vec::with_capacity(spans.len() + 2);
    if rolling {
        // Nevada: a workday is the 24 hours from when the person begins work.
        let mut window: Option<(i64, NaiveDate)> = None;
        for (mut start, end, shift) in spans {
            while start < end {
                let (opened, day) = match window {
                    Some((opened, day)) if start < opened + 86_400 => (opened, day),
                    _ => (start, local_date(calendar, start)),
                };
                window = Some((opened, day));
                let cut = end.min(opened + 86_400);
                out.push(Piece { start, end: cut, day, shift, class: Class::Regular });
                start = cut;
            }
        }
    } else {
        for (mut start, end, shift) in spans {
            while start < end {
                let day = workday_of(calendar, start);
                let next = day.succ_opt().map_or(end, |next| workday_start(calendar, next));
                let cut = end.min(next.max(start + 1));
                out.push(Piece { start, end: cut, day, shift, class: Class::Regular });
                start = cut;
            }
        }
    }
    out
}

/// In each group (by `key`), in the order worked, the seconds that count past `threshold` get at
/// least `class`; a piece crossing the threshold is cut there.
fn raise<K: Eq + std::hash::Hash>(
    pieces: Vec<Piece>,
    key: impl Fn(&Piece) -> Option<K>,
    threshold: impl Fn(&Piece) -> Option<i64>,
    counts: impl Fn(&Piece) -> bool,
    class: Class,
) -> Vec<Piece> {
    let mut counted: HashMap<K, i64> = HashMap::new();
    let mut out = Vec::with_capacity(pieces.len() + 4);
    for piece in pieces {
        let Some(group) = key(&piece) else {
            out.push(piece);
            continue;
        };
        if !counts(&piece) {
            out.push(piece);
            continue;
        }
        let used = counted.entry(group).or_insert(0);
        let before = *used;
        *used += piece.seconds();
        match threshold(&piece) {
            Some(limit) if before >= limit => out.push(Piece { class: piece.class.max(class), ..piece }),
            Some(limit) if before + piece.seconds() > limit => {
                let cut = piece.start + (limit - before);
                out.push(Piece { end: cut, ..piece });
                out.push(Piece { start: cut, class: piece.class.max(class), ..piece });
            }
            _ => out.push(piece),
        }
    }
    out
}

/// One workweek's pieces classified. `seven_days`: the week's workdays, in order.
fn classify_week(
    mut week: Vec<Piece>,
    seven_days: &[NaiveDate; 7],
    rules_on: &impl Fn(NaiveDate) -> Rules,
) -> Vec<Piece> {
    week.sort_unstable_by_key(|piece| (piece.start, piece.shift));
    let mut rules: HashMap<NaiveDate, Rules> = HashMap::new();
    for piece in &week {
        rules.entry(piece.day).or_insert_with(|| rules_on(piece.day));
    }
    let rule = |piece: &Piece| rules.get(&piece.day).copied().unwrap_or(Rules::FEDERAL);
    let minutes = |limit: Option<i64>| limit.map(|minutes| minutes * 60);

    let worked_every_day =
        seven_days.iter().all(|day| week.iter().any(|piece| piece.day == *day && piece.seconds() > 0));
    let seventh = if worked_every_day { seven_days.last().copied() } else { None };
    let on_seventh = |piece: &Piece| seventh == Some(piece.day) && rule(piece).seventh_day;

    let everything = |_: &Piece| true;
    let week = raise(
        week,
        |piece| Some(piece.day),
        |piece| if on_seventh(piece) { Some(0) } else { minutes(rule(piece).daily_overtime_minutes) },
        everything,
        Class::Overtime,
    );
    let week = raise(
        week,
        |piece| Some(piece.day),
        |piece| if on_seventh(piece) { Some(8 * 3600) } else { minutes(rule(piece).daily_double_minutes) },
        everything,
        Class::Double,
    );
    let week = raise(
        week,
        |piece| Some(piece.shift),
        |piece| minutes(rule(piece).consecutive_overtime_minutes),
        everything,
        Class::Overtime,
    );
    raise(
        week,
        |_| Some(()),
        |piece| minutes(rule(piece).weekly_minutes),
        |piece| piece.class == Class::Regular,
        Class::Overtime,
    )
}

/// The first day of each workweek containing `day`: one, or two where a change of workweek makes
/// weeks overlap. Keyed by the definition's index so overlapping weeks stay apart.
fn weeks_of(calendar: &Calendar, day: NaiveDate) -> Vec<(usize, NaiveDate)> {
    let first_starts: Vec<NaiveDate> = calendar
        .weeks
        .iter()
        .map(|week| {
            let ahead = (7 + week.first_day.num_days_from_sunday() - week.from.weekday().num_days_from_sunday()) % 7;
            week.from.checked_add_signed(Duration::days(i64::from(ahead))).unwrap_or(week.from)
        })
        .collect();
    let mut found = Vec::with_capacity(2);
    for (index, week) in calendar.weeks.iter().enumerate() {
        let back = (7 + day.weekday().num_days_from_sunday() - week.first_day.num_days_from_sunday()) % 7;
        let start = day - Duration::days(i64::from(back));
        let after_own_start = index == 0 || first_starts.get(index).is_some_and(|first| start >= *first);
        let before_next = first_starts.get(index + 1).is_none_or(|next| start < *next);
        if after_own_start && before_next {
            found.push((index, start));
        }
    }
    if found.is_empty() {
        let back = i64::from(day.weekday().num_days_from_sunday());
        found.push((usize::MAX, day - Duration::days(back)));
    }
    found
}

/// Regular, overtime and double-time minutes per workday of a person's `shifts`, under the rules
/// in force on each workday (`rules_on`, already fitted to the person: see [`crate::Person`]).
/// Pass every shift of each workweek the result is read for: a week's earlier days decide its
/// later ones.
pub fn classify(
    shifts: &[Shift],
    calendar: &Calendar,
    rules_on: impl Fn(NaiveDate) -> Rules,
) -> BTreeMap<NaiveDate, Hours> {
    // The workday's shape is the rule set's; it is read once per call from its first workday.
    let first = shifts.iter().flat_map(|shift| shift.spans.first()).map(|span| span.start).min();
    let rolling = first.is_some_and(|at| {
        rules_on(at.with_timezone(&calendar.time_zone).date_naive()).workday == WorkdayKind::FromFirstPunch
    });
    let all = pieces(shifts, calendar, rolling);
    let mut weeks: BTreeMap<(usize, NaiveDate), Vec<Piece>> = BTreeMap::new();
    for piece in &all {
        for week in weeks_of(calendar, piece.day) {
            weeks.entry(week).or_default().push(*piece);
        }
    }
    let mut per_week_day: BTreeMap<NaiveDate, Vec<Seconds>> = BTreeMap::new();
    for ((_, start), week) in weeks {
        let days: [NaiveDate; 7] = std::array::from_fn(|offset| start + Duration::days(offset as i64));
        let mut sums: BTreeMap<NaiveDate, Seconds> = BTreeMap::new();
        for piece in classify_week(week, &days, &rules_on) {
            let sum = sums.entry(piece.day).or_default();
            sum.total += piece.seconds();
            match piece.class {
                Class::Regular => {}
                Class::Overtime => sum.overtime += piece.seconds(),
                Class::Double => sum.double += piece.seconds(),
            }
        }
        for (day, sum) in sums {
            per_week_day.entry(day).or_default().push(sum);
        }
    }
    per_week_day
        .into_iter()
        .map(|(day, candidates)| {
            // In two overlapping weeks: the larger premium of the two (778.301).
            let best = candidates.into_iter().max_by_key(Seconds::premium).unwrap_or_default();
            (day, best.minutes())
        })
        .collect()
}
