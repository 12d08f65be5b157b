/** The /packages page lists the regional and global plans covering one country of each of these regions. */
export const REGION_SAMPLES = ['germany', 'japan', 'united-states', 'turkey'];
