//! Wilson intervals for chances and the mean with its interval for counts.

use serde::Serialize;

/// A probability with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Proportion {
    pub count: u64,
    pub probability: f64,
    pub low: f64,
    pub high: f64,
}

const Z: f64 = 1.96;

pub fn wilson(count: u64, n: u64) -> Proportion {
    if n == 0 {
        return Proportion {
            count,
            probability: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let nf = n as f64;
    let p = count as f64 / nf;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / nf;
    let centre = (p + z2 / (2.0 * nf)) / denom;
    let half = Z / denom * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
    Proportion {
        count,
        probability: p,
        // At 0 and n the interval's ends are 0 and 1 exactly (rounding
        // would leave a speck).
        low: if count == 0 {
            0.0
        } else {
            (centre - half).max(0.0)
        },
        high: if count >= n {
            1.0
        } else {
            (centre + half).min(1.0)
        },
    }
}

/// An expectation with its 95% interval (mean ± 1.96·sd/√n).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Expectation {
    pub mean: f64,
    pub sd: f64,
    pub low: f64,
    pub high: f64,
}

pub fn expectation((sum, squares): (u64, u64), n: u64) -> Expectation {
    if n == 0 {
        return Expectation {
            mean: 0.0,
            sd: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let nf = n as f64;
    let mean = sum as f64 / nf;
    // Sample variance from exact integer sums: (Σx² − (Σx)²/n) / (n − 1).
    let var = if n > 1 {
        let num = squares as f64 - (sum as f64) * (sum as f64) / nf;
        (num / (nf - 1.0)).max(0.0)
    } else {
        0.0
    };
    let sd = var.sqrt();
    let half = Z * sd / nf.sqrt();
    Expectation {
        mean,
        sd,
        low: mean - half,
        high: mean + half,
    }
}
