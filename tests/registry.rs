//! The checks every problem shares, made for each problem of the registry
//! (`boardcheck::for_each_problem!`): a new problem gets them by its
//! registry line alone, with the settings of its `impl TestPlan`
//! (properties on its references, the zoo caught small, its vector file).
//! A problem's own file (`tests/<problem>.rs`) holds only what is its own.

macro_rules! shared_checks {
    ($($module:ident $problem:ident),* $(,)?) => {
        $(
            mod $module {
                use boardcheck::harness::testing;
                use boardcheck::problems::$module::$problem as P;
                use boardcheck::suite::TestPlan;

                /// Every property on the problem's references (`TestPlan`).
                #[test]
                fn every_property_holds_for_engine_and_oracle() {
                    let runs = P::property_runs();
                    let runs: Vec<_> = runs.iter().map(|(s, n)| (s, *n)).collect();
                    testing::assert_every_property(&P::references(), &runs);
                }

                /// Every zoo variant caught, against the oracle too, every
                /// property catching one, each minimal counterexample as
                /// small as the problem says its slip needs.
                #[test]
                fn every_zoo_variant_is_caught_and_every_property_catches_one() {
                    for c in testing::assert_zoo_caught::<P>(P::ZOO_CASES, 1) {
                        assert!(
                            P::zoo_counterexample_fits(&c.caught.variant, &c.case),
                            "{}: counterexample too big: {}\n{}",
                            c.caught.variant,
                            c.size,
                            c.input
                        );
                    }
                }

                /// `src/problems/<module>/vectors.toml` on oracle and engine: every
                /// vector holds, both run the same ones, and the file has
                /// the quota of output and error vectors.
                #[test]
                fn vectors_and_malformed_inputs() {
                    let path = concat!("src/problems/", stringify!($module), "/vectors.toml");
                    let counts = testing::assert_vectors::<P>(path, 0);
                    assert_eq!(counts.oracle, counts.engine, "{path}");
                    assert!(
                        counts.engine.outputs >= testing::MIN_OUTPUT_VECTORS
                            && counts.engine.errors >= testing::MIN_ERROR_VECTORS,
                        "{path}: {:?}",
                        counts.engine
                    );
                }

                #[test]
                fn quickcheck_engine_equals_oracle() {
                    testing::quickcheck_engine_equals_oracle::<P>(300);
                }

                #[test]
                fn fuzz_bodies_on_random_bytes() {
                    testing::fuzz_bodies_on_random_bytes::<P>(1000, 128);
                }

                #[test]
                fn every_shrinking_step_reads_back() {
                    testing::assert_simpler_reads_back::<P>(200, 300);
                }

                #[test]
                fn enumeration_in_order_of_size() {
                    testing::assert_enumeration_in_order_of_size::<P>(6, 20_000);
                }

                #[test]
                fn json_form_round_trips() {
                    testing::assert_json_round_trips::<P>(200);
                }
            }
        )*
    };
}

boardcheck::for_each_problem!(shared_checks);
