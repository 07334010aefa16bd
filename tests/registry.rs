//! The checks every problem shares, made for each problem of the registry
//! (`boardcheck::for_each_problem!`): a new problem gets them by its
//! registry line alone. A problem's own file (`tests/<problem>.rs`) holds
//! only what is its own.

macro_rules! shared_checks {
    ($($module:ident $problem:ident),* $(,)?) => {
        $(
            mod $module {
                use boardcheck::harness::testing;
                use boardcheck::problems::$module::$problem as P;

                #[test]
                fn quickcheck_engine_equals_oracle() {
                    testing::quickcheck_engine_equals_oracle::<P>(300);
                }

                #[test]
                fn fuzz_bodies_on_random_bytes() {
                    testing::fuzz_bodies_on_random_bytes::<P>(1000, 128);
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
